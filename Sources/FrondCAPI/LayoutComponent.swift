import FrondCAPISupport
import CFrond
import Frond

// The layout components of the Components section (inset, center, ratio, background,
// overlay, static). Their values are checked by the components themselves
// (Component.validate, in issueComponent); here only what C adds: handles, enumerators,
// units and struct sizes.

@_cdecl("frond_component_new_inset") @implementation
public func frond_component_new_inset(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                      _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                      _ key: UnsafePointer<CChar>?, _ insets: UnsafePointer<frond_value>?,
                                      _ child: OpaquePointer?) -> frond_status {
    call("frond_component_new_inset") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = InsetComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                       key: try optionalString(key, "key"), insets: try insetEdges(insets),
                                       child: try component(child, "child"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_center") @implementation
public func frond_component_new_center(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                       _ key: UnsafePointer<CChar>?, _ centering: frond_centering,
                                       _ sizing: frond_center_sizing, _ child: OpaquePointer?) -> frond_status {
    call("frond_component_new_center") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        guard centering.rawValue <= FROND_CENTERING_XY.rawValue else {
            throw .invalidArgument("centering \(centering.rawValue) is not a frond_centering")
        }
        guard sizing.rawValue <= FROND_CENTER_SIZING_MINIMUM_XY.rawValue else {
            throw .invalidArgument("sizing \(sizing.rawValue) is not a frond_center_sizing")
        }
        // The enumerators are the option sets' bits (x = 1, y = 2), checked ≤ 3 above.
        let component = CenterComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                        key: try optionalString(key, "key"),
                                        centering: CenteringOptions(rawValue: UInt8(truncatingIfNeeded: centering.rawValue)),
                                        sizing: CenteringSizingOptions(rawValue: UInt8(truncatingIfNeeded: sizing.rawValue)),
                                        child: try optionalComponent(child, "child"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_ratio") @implementation
public func frond_component_new_ratio(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                      _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                      _ key: UnsafePointer<CChar>?, _ ratio: Float, _ child: OpaquePointer?) -> frond_status {
    call("frond_component_new_ratio") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = RatioComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                       key: try optionalString(key, "key"), ratio: ratio,
                                       child: try component(child, "child"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_background") @implementation
public func frond_component_new_background(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                           _ view: UnsafePointer<frond_view_spec>?,
                                           _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                           _ child: OpaquePointer?, _ background: OpaquePointer?) -> frond_status {
    call("frond_component_new_background") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = BackgroundComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                            key: try optionalString(key, "key"), child: try component(child, "child"),
                                            background: try optionalComponent(background, "background"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_overlay") @implementation
public func frond_component_new_overlay(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ view: UnsafePointer<frond_view_spec>?,
                                        _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                        _ child: OpaquePointer?, _ overlay: OpaquePointer?) -> frond_status {
    call("frond_component_new_overlay") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = OverlayComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                         key: try optionalString(key, "key"), child: try component(child, "child"),
                                         overlay: try optionalComponent(overlay, "overlay"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_static") @implementation
public func frond_component_new_static(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                       _ key: UnsafePointer<CChar>?, _ children: UnsafePointer<frond_static_child>?,
                                       _ childCount: Int) -> frond_status {
    call("frond_component_new_static") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        var items: [StaticChild?] = []
        for (index, child) in try arrayArgument(children, childCount, "children").enumerated() {
            items.append(try staticChild(child, "children[\(index)]"))
        }
        let component = StaticLayout(view: try viewConfiguration(view), size: try componentSize(size),
                                     key: try optionalString(key, "key"), children: items)
        try issueComponent(component, out)
    }
}

// MARK: Arguments

/// The component behind an optional component handle (NULL stays nil).
private func optionalComponent(_ handle: OpaquePointer?, _ role: String) throws(CallFailure) -> Component? {
    guard let handle else { return nil }
    return try component(handle, role)
}

/// Insets as left, top, right, bottom values (NULL: none); AUTO and keywords are refused.
private func insetEdges(_ pointer: UnsafePointer<frond_value>?) throws(CallFailure) -> EdgeValues {
    guard let pointer else { return EdgeValues() }
    return try edges((pointer[0], pointer[1], pointer[2], pointer[3]), "insets", allowAuto: false)
}

/// A static child; a NULL component drops it.
private func staticChild(_ spec: frond_static_child, _ place: String) throws(CallFailure) -> StaticChild? {
    try checkStructSize(spec.struct_size, of: frond_static_child.self, place)
    guard let handle = spec.component else { return nil }
    let child = try component(handle, "\(place).component")
    let size = spec.size == nil ? nil : try componentSize(spec.size, "\(place).size")
    return StaticChild(child, x: spec.x, y: spec.y, size: size)
}
