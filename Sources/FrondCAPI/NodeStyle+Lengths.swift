import FrondCAPISupport
import CFrond
import FrondLayout

// Length-valued style properties: sizes, flex-basis, edges and gaps (value + unit).

@_cdecl("frond_node_style_set_flex_basis") @implementation
public func frond_node_style_set_flex_basis(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_flex_basis") { () throws(CallFailure) in
        let length = try lengthValue(value, unit, unset: LayoutStyle().flexBasis)
        try changeStyle(handle) { $0.flexBasis = length }
    }
}

@_cdecl("frond_node_style_get_flex_basis") @implementation
public func frond_node_style_get_flex_basis(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_flex_basis") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.flexBasis), to: out)
    }
}

@_cdecl("frond_node_style_set_width") @implementation
public func frond_node_style_set_width(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_width") { () throws(CallFailure) in
        let length = try lengthValue(value, unit, unset: LayoutStyle().width)
        try changeStyle(handle) { $0.width = length }
    }
}

@_cdecl("frond_node_style_get_width") @implementation
public func frond_node_style_get_width(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_width") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.width), to: out)
    }
}

@_cdecl("frond_node_style_set_height") @implementation
public func frond_node_style_set_height(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_height") { () throws(CallFailure) in
        let length = try lengthValue(value, unit, unset: LayoutStyle().height)
        try changeStyle(handle) { $0.height = length }
    }
}

@_cdecl("frond_node_style_get_height") @implementation
public func frond_node_style_get_height(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_height") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.height), to: out)
    }
}

@_cdecl("frond_node_style_set_min_width") @implementation
public func frond_node_style_set_min_width(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_min_width") { () throws(CallFailure) in
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.minWidth = length }
    }
}

@_cdecl("frond_node_style_get_min_width") @implementation
public func frond_node_style_get_min_width(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_min_width") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.minWidth), to: out)
    }
}

@_cdecl("frond_node_style_set_min_height") @implementation
public func frond_node_style_set_min_height(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_min_height") { () throws(CallFailure) in
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.minHeight = length }
    }
}

@_cdecl("frond_node_style_get_min_height") @implementation
public func frond_node_style_get_min_height(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_min_height") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.minHeight), to: out)
    }
}

@_cdecl("frond_node_style_set_max_width") @implementation
public func frond_node_style_set_max_width(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_max_width") { () throws(CallFailure) in
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.maxWidth = length }
    }
}

@_cdecl("frond_node_style_get_max_width") @implementation
public func frond_node_style_get_max_width(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_max_width") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.maxWidth), to: out)
    }
}

@_cdecl("frond_node_style_set_max_height") @implementation
public func frond_node_style_set_max_height(_ handle: OpaquePointer?, _ value: Float, _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_max_height") { () throws(CallFailure) in
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.maxHeight = length }
    }
}

@_cdecl("frond_node_style_get_max_height") @implementation
public func frond_node_style_get_max_height(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_style_get_max_height") { () throws(CallFailure) in
        try write(frond_value(try node(handle).style.maxHeight), to: out)
    }
}

@_cdecl("frond_node_style_set_margin") @implementation
public func frond_node_style_set_margin(_ handle: OpaquePointer?, _ edge: frond_edge, _ value: Float,
                                       _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_margin") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.margin[side] = length }
    }
}

@_cdecl("frond_node_style_get_margin") @implementation
public func frond_node_style_get_margin(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?,
                                       _ edge: frond_edge) -> frond_status {
    call("frond_node_style_get_margin") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        try write(frond_value(try node(handle).style.margin[side]), to: out)
    }
}

@_cdecl("frond_node_style_set_padding") @implementation
public func frond_node_style_set_padding(_ handle: OpaquePointer?, _ edge: frond_edge, _ value: Float,
                                       _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_padding") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.padding[side] = length }
    }
}

@_cdecl("frond_node_style_get_padding") @implementation
public func frond_node_style_get_padding(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?,
                                       _ edge: frond_edge) -> frond_status {
    call("frond_node_style_get_padding") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        try write(frond_value(try node(handle).style.padding[side]), to: out)
    }
}

@_cdecl("frond_node_style_set_border") @implementation
public func frond_node_style_set_border(_ handle: OpaquePointer?, _ edge: frond_edge, _ value: Float,
                                       _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_border") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.border[side] = length }
    }
}

@_cdecl("frond_node_style_get_border") @implementation
public func frond_node_style_get_border(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?,
                                       _ edge: frond_edge) -> frond_status {
    call("frond_node_style_get_border") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        try write(frond_value(try node(handle).style.border[side]), to: out)
    }
}

@_cdecl("frond_node_style_set_position") @implementation
public func frond_node_style_set_position(_ handle: OpaquePointer?, _ edge: frond_edge, _ value: Float,
                                       _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_position") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.position[side] = length }
    }
}

@_cdecl("frond_node_style_get_position") @implementation
public func frond_node_style_get_position(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?,
                                       _ edge: frond_edge) -> frond_status {
    call("frond_node_style_get_position") { () throws(CallFailure) in
        let side = try engineEnum(edge.rawValue, Edge.self, "frond_edge")
        try write(frond_value(try node(handle).style.position[side]), to: out)
    }
}

@_cdecl("frond_node_style_set_gap") @implementation
public func frond_node_style_set_gap(_ handle: OpaquePointer?, _ gutter: frond_gutter, _ value: Float,
                                     _ unit: frond_unit) -> frond_status {
    call("frond_node_style_set_gap") { () throws(CallFailure) in
        let selector = try engineEnum(gutter.rawValue, Gutter.self, "frond_gutter")
        let length = try lengthValue(value, unit)
        try changeStyle(handle) { $0.gap[selector] = length }
    }
}

@_cdecl("frond_node_style_get_gap") @implementation
public func frond_node_style_get_gap(_ out: UnsafeMutablePointer<frond_value>?, _ handle: OpaquePointer?,
                                     _ gutter: frond_gutter) -> frond_status {
    call("frond_node_style_get_gap") { () throws(CallFailure) in
        let selector = try engineEnum(gutter.rawValue, Gutter.self, "frond_gutter")
        try write(frond_value(try node(handle).style.gap[selector]), to: out)
    }
}
