import FrondCAPISupport
import CFrond
import FrondLayout

// Style setters and getters. Every setter goes through LayoutNode.updateStyle, which
// checks the whole style and marks the node dirty only when something changed.

/// Applies a style change to the node behind `handle`.
@inline(__always)
func changeStyle(_ handle: OpaquePointer?, _ body: (inout LayoutStyle) -> Void) throws(CallFailure) {
    let target = try node(handle)
    try engine { () throws(LayoutError) in try target.updateStyle(body) }
}

@_cdecl("frond_node_style_reset") @implementation
public func frond_node_style_reset(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_reset") { () throws(CallFailure) in
        let target = try node(handle)
        try engine { () throws(LayoutError) in try target.setStyle(LayoutStyle(webDefaults: target.config.useWebDefaults)) }
    }
}


@_cdecl("frond_node_style_set_direction") @implementation
public func frond_node_style_set_direction(_ handle: OpaquePointer?, _ direction: frond_direction) -> frond_status {
    call("frond_node_style_set_direction") { () throws(CallFailure) in
        let value = try engineEnum(direction.rawValue, LayoutDirection.self, "frond_direction")
        try changeStyle(handle) { $0.direction = value }
    }
}

@_cdecl("frond_node_style_get_direction") @implementation
public func frond_node_style_get_direction(_ out: UnsafeMutablePointer<frond_direction>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_direction") { () throws(CallFailure) in
        try write(frond_direction(rawValue: UInt32(try node(handle).style.direction.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_flex_direction") @implementation
public func frond_node_style_set_flex_direction(_ handle: OpaquePointer?, _ flexDirection: frond_flex_direction) -> frond_status {
    call("frond_node_style_set_flex_direction") { () throws(CallFailure) in
        let value = try engineEnum(flexDirection.rawValue, FlexDirection.self, "frond_flex_direction")
        try changeStyle(handle) { $0.flexDirection = value }
    }
}

@_cdecl("frond_node_style_get_flex_direction") @implementation
public func frond_node_style_get_flex_direction(_ out: UnsafeMutablePointer<frond_flex_direction>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex_direction") { () throws(CallFailure) in
        try write(frond_flex_direction(rawValue: UInt32(try node(handle).style.flexDirection.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_justify_content") @implementation
public func frond_node_style_set_justify_content(_ handle: OpaquePointer?, _ justify: frond_justify) -> frond_status {
    call("frond_node_style_set_justify_content") { () throws(CallFailure) in
        let value = try engineEnum(justify.rawValue, Justify.self, "frond_justify")
        try changeStyle(handle) { $0.justifyContent = value }
    }
}

@_cdecl("frond_node_style_get_justify_content") @implementation
public func frond_node_style_get_justify_content(_ out: UnsafeMutablePointer<frond_justify>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_justify_content") { () throws(CallFailure) in
        try write(frond_justify(rawValue: UInt32(try node(handle).style.justifyContent.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_align_content") @implementation
public func frond_node_style_set_align_content(_ handle: OpaquePointer?, _ align: frond_align) -> frond_status {
    call("frond_node_style_set_align_content") { () throws(CallFailure) in
        let value = try engineEnum(align.rawValue, Align.self, "frond_align")
        try changeStyle(handle) { $0.alignContent = value }
    }
}

@_cdecl("frond_node_style_get_align_content") @implementation
public func frond_node_style_get_align_content(_ out: UnsafeMutablePointer<frond_align>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_align_content") { () throws(CallFailure) in
        try write(frond_align(rawValue: UInt32(try node(handle).style.alignContent.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_align_items") @implementation
public func frond_node_style_set_align_items(_ handle: OpaquePointer?, _ align: frond_align) -> frond_status {
    call("frond_node_style_set_align_items") { () throws(CallFailure) in
        let value = try engineEnum(align.rawValue, Align.self, "frond_align")
        try changeStyle(handle) { $0.alignItems = value }
    }
}

@_cdecl("frond_node_style_get_align_items") @implementation
public func frond_node_style_get_align_items(_ out: UnsafeMutablePointer<frond_align>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_align_items") { () throws(CallFailure) in
        try write(frond_align(rawValue: UInt32(try node(handle).style.alignItems.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_align_self") @implementation
public func frond_node_style_set_align_self(_ handle: OpaquePointer?, _ align: frond_align) -> frond_status {
    call("frond_node_style_set_align_self") { () throws(CallFailure) in
        let value = try engineEnum(align.rawValue, Align.self, "frond_align")
        try changeStyle(handle) { $0.alignSelf = value }
    }
}

@_cdecl("frond_node_style_get_align_self") @implementation
public func frond_node_style_get_align_self(_ out: UnsafeMutablePointer<frond_align>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_align_self") { () throws(CallFailure) in
        try write(frond_align(rawValue: UInt32(try node(handle).style.alignSelf.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_position_type") @implementation
public func frond_node_style_set_position_type(_ handle: OpaquePointer?, _ positionType: frond_position_type) -> frond_status {
    call("frond_node_style_set_position_type") { () throws(CallFailure) in
        let value = try engineEnum(positionType.rawValue, PositionType.self, "frond_position_type")
        try changeStyle(handle) { $0.positionType = value }
    }
}

@_cdecl("frond_node_style_get_position_type") @implementation
public func frond_node_style_get_position_type(_ out: UnsafeMutablePointer<frond_position_type>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_position_type") { () throws(CallFailure) in
        try write(frond_position_type(rawValue: UInt32(try node(handle).style.positionType.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_flex_wrap") @implementation
public func frond_node_style_set_flex_wrap(_ handle: OpaquePointer?, _ wrap: frond_wrap) -> frond_status {
    call("frond_node_style_set_flex_wrap") { () throws(CallFailure) in
        let value = try engineEnum(wrap.rawValue, FlexWrap.self, "frond_wrap")
        try changeStyle(handle) { $0.flexWrap = value }
    }
}

@_cdecl("frond_node_style_get_flex_wrap") @implementation
public func frond_node_style_get_flex_wrap(_ out: UnsafeMutablePointer<frond_wrap>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex_wrap") { () throws(CallFailure) in
        try write(frond_wrap(rawValue: UInt32(try node(handle).style.flexWrap.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_overflow") @implementation
public func frond_node_style_set_overflow(_ handle: OpaquePointer?, _ overflow: frond_overflow) -> frond_status {
    call("frond_node_style_set_overflow") { () throws(CallFailure) in
        let value = try engineEnum(overflow.rawValue, Overflow.self, "frond_overflow")
        try changeStyle(handle) { $0.overflow = value }
    }
}

@_cdecl("frond_node_style_get_overflow") @implementation
public func frond_node_style_get_overflow(_ out: UnsafeMutablePointer<frond_overflow>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_overflow") { () throws(CallFailure) in
        try write(frond_overflow(rawValue: UInt32(try node(handle).style.overflow.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_display") @implementation
public func frond_node_style_set_display(_ handle: OpaquePointer?, _ display: frond_display) -> frond_status {
    call("frond_node_style_set_display") { () throws(CallFailure) in
        let value = try engineEnum(display.rawValue, Display.self, "frond_display")
        try changeStyle(handle) { $0.display = value }
    }
}

@_cdecl("frond_node_style_get_display") @implementation
public func frond_node_style_get_display(_ out: UnsafeMutablePointer<frond_display>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_display") { () throws(CallFailure) in
        try write(frond_display(rawValue: UInt32(try node(handle).style.display.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_box_sizing") @implementation
public func frond_node_style_set_box_sizing(_ handle: OpaquePointer?, _ boxSizing: frond_box_sizing) -> frond_status {
    call("frond_node_style_set_box_sizing") { () throws(CallFailure) in
        let value = try engineEnum(boxSizing.rawValue, BoxSizing.self, "frond_box_sizing")
        try changeStyle(handle) { $0.boxSizing = value }
    }
}

@_cdecl("frond_node_style_get_box_sizing") @implementation
public func frond_node_style_get_box_sizing(_ out: UnsafeMutablePointer<frond_box_sizing>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_box_sizing") { () throws(CallFailure) in
        try write(frond_box_sizing(rawValue: UInt32(try node(handle).style.boxSizing.rawValue)), to: out)
    }
}

@_cdecl("frond_node_style_set_flex") @implementation
public func frond_node_style_set_flex(_ handle: OpaquePointer?, _ flex: Float) -> frond_status {
    call("frond_node_style_set_flex") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flex = flex }
    }
}

@_cdecl("frond_node_style_unset_flex") @implementation
public func frond_node_style_unset_flex(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_unset_flex") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flex = nil }
    }
}

@_cdecl("frond_node_style_get_flex") @implementation
public func frond_node_style_get_flex(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex") { () throws(CallFailure) in
        try write(try node(handle).style.flex ?? .nan, to: out)
    }
}

@_cdecl("frond_node_style_set_flex_grow") @implementation
public func frond_node_style_set_flex_grow(_ handle: OpaquePointer?, _ flexGrow: Float) -> frond_status {
    call("frond_node_style_set_flex_grow") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flexGrow = flexGrow }
    }
}

@_cdecl("frond_node_style_unset_flex_grow") @implementation
public func frond_node_style_unset_flex_grow(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_unset_flex_grow") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flexGrow = nil }
    }
}

@_cdecl("frond_node_style_get_flex_grow") @implementation
public func frond_node_style_get_flex_grow(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex_grow") { () throws(CallFailure) in
        try write(try node(handle).style.flexGrow ?? .nan, to: out)
    }
}

@_cdecl("frond_node_style_set_flex_shrink") @implementation
public func frond_node_style_set_flex_shrink(_ handle: OpaquePointer?, _ flexShrink: Float) -> frond_status {
    call("frond_node_style_set_flex_shrink") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flexShrink = flexShrink }
    }
}

@_cdecl("frond_node_style_unset_flex_shrink") @implementation
public func frond_node_style_unset_flex_shrink(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_unset_flex_shrink") { () throws(CallFailure) in
        try changeStyle(handle) { $0.flexShrink = nil }
    }
}

@_cdecl("frond_node_style_get_flex_shrink") @implementation
public func frond_node_style_get_flex_shrink(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex_shrink") { () throws(CallFailure) in
        try write(try node(handle).style.flexShrink ?? .nan, to: out)
    }
}

@_cdecl("frond_node_style_set_aspect_ratio") @implementation
public func frond_node_style_set_aspect_ratio(_ handle: OpaquePointer?, _ aspectRatio: Float) -> frond_status {
    call("frond_node_style_set_aspect_ratio") { () throws(CallFailure) in
        try changeStyle(handle) { $0.aspectRatio = aspectRatio }
    }
}

@_cdecl("frond_node_style_unset_aspect_ratio") @implementation
public func frond_node_style_unset_aspect_ratio(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_unset_aspect_ratio") { () throws(CallFailure) in
        try changeStyle(handle) { $0.aspectRatio = nil }
    }
}

@_cdecl("frond_node_style_get_aspect_ratio") @implementation
public func frond_node_style_get_aspect_ratio(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_aspect_ratio") { () throws(CallFailure) in
        try write(try node(handle).style.aspectRatio ?? .nan, to: out)
    }
}
