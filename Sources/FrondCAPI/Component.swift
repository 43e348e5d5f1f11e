import FrondCAPISupport
import CFrond
import Frond

/// Registers a new component after checking its own values, and that it holds no chain of
/// components deeper than a tree may be (no flush could place it, and releasing a chain of
/// hundreds of thousands would exhaust the stack).
func issueComponent(_ component: Component, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(CallFailure) {
    try frond { () throws(FrondError) in try component.validate() }
    let limit = Int(FROND_MAX_TREE_DEPTH)
    guard component.nestingDepth(limit: limit) <= limit else {
        throw CallFailure(FROND_ERR_LIMIT, "\(component) holds components nested more than \(limit) levels deep "
                          + "(FROND_MAX_TREE_DEPTH): no flush could place it")
    }
    out.pointee = try issueHandle(component, .component)
}

@_cdecl("frond_component_new") @implementation
public func frond_component_new(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                _ key: UnsafePointer<CChar>?) -> frond_status {
    call("frond_component_new") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = Component(view: try viewConfiguration(view), size: try componentSize(size),
                                   key: try optionalString(key, "key"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_composite") @implementation
public func frond_component_new_composite(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                          _ view: UnsafePointer<frond_view_spec>?,
                                          _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                          _ child: OpaquePointer?) -> frond_status {
    call("frond_component_new_composite") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = CompositeComponent(view: try viewConfiguration(view), size: try componentSize(size),
                                           key: try optionalString(key, "key"), child: try component(child, "child"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_text") @implementation
public func frond_component_new_text(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                     _ text: UnsafePointer<CChar>?, _ style: UnsafePointer<frond_text_style>?,
                                     _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?) -> frond_status {
    call("frond_component_new_text") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let component = Text(try requiredString(text, "text"), style: try textStyle(style), size: try componentSize(size),
                             key: try optionalString(key, "key"))
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_new_flexbox") @implementation
public func frond_component_new_flexbox(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ view: UnsafePointer<frond_view_spec>?,
                                        _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                        _ style: UnsafePointer<frond_flexbox_style>?,
                                        _ children: UnsafePointer<frond_flex_child>?, _ childCount: Int) -> frond_status {
    call("frond_component_new_flexbox") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        var items: [FlexChild?] = []
        for (index, child) in try arrayArgument(children, childCount, "children").enumerated() {
            items.append(try flexChild(child, "children[\(index)]"))
        }
        let component = Flexbox(view: try viewConfiguration(view), size: try componentSize(size),
                                key: try optionalString(key, "key"), style: try flexboxStyle(style), children: items)
        try issueComponent(component, out)
    }
}

@_cdecl("frond_component_release") @implementation
public func frond_component_release(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_component_release") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .component, "component")
    }
}
