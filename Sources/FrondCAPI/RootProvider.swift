import FrondCAPISupport
import CFrond
import Frond

/// Takes over a component handle a callback wrote (its object lives on in the tree; the
/// handle is withdrawn). `writer` names the callback and its out parameter in messages.
func takeOverComponent(_ handle: OpaquePointer, _ writer: String) throws(FrondError) -> Component {
    do {
        // The table only ever stores Component objects under the component kind.
        return unsafeDowncast(try handles.remove(handle.handleValue, kind: .component), to: Component.self)
    } catch {
        throw FrondError(.misuse, "\(writer) wrote \(refusal(error, .component, "a handle that").message)")
    }
}

/// A C component provider with its user_data (destroyed with the provider).
final class CComponentProvider {
    private let function: frond_component_provider_func
    private let owner: CallbackOwner

    init(_ function: @escaping frond_component_provider_func, owner: CallbackOwner) {
        self.function = function
        self.owner = owner
    }

    /// Calls the provider with the props last given to frond_root_set_props.
    func make(_ props: CallbackOwner) throws(FrondError) -> Component? {
        var made: OpaquePointer? = nil
        let call = CallbackCall()
        let status = function(&made, props.userData, owner.userData)
        guard status == FROND_OK else {
            // Frond takes over a handle written before the failure too: it is released.
            if let made { _ = try? handles.remove(made.handleValue, kind: .component) }
            throw FrondError(.callbackFailed, call.failure("the component provider", status))
        }
        guard let made else { return nil }
        return try takeOverComponent(made, "the component provider")
    }
}

@_cdecl("frond_root_set_provider") @implementation
public func frond_root_set_provider(_ handle: OpaquePointer?, _ provider: frond_component_provider_func?,
                                    _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_root_set_provider", registerProvider(handle, provider, CallbackOwner(userData, destroy)))
}

private func registerProvider(_ handle: OpaquePointer?, _ provider: frond_component_provider_func?,
                              _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard let provider else {
            root.root.setComponent(nil)
            root.root.requestFlush()
            return
        }
        let registered = CComponentProvider(provider, owner: owner)
        // C props are a CallbackOwner: the root destroys them when they are replaced.
        root.root.setProvider(props: CallbackOwner(nil, nil)) { (props: CallbackOwner) throws(FrondError) in
            try registered.make(props)
        }
        root.root.requestFlush()
    }
}

@_cdecl("frond_root_set_props") @implementation
public func frond_root_set_props(_ handle: OpaquePointer?, _ props: UnsafeMutableRawPointer?,
                                 _ destroyProps: frond_destroy_func?) -> frond_status {
    report("frond_root_set_props", giveProps(handle, CallbackOwner(props, destroyProps)))
}

private func giveProps(_ handle: OpaquePointer?, _ props: consuming CallbackOwner) -> CallFailure? {
    let props = props
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard root.root.hasProvider else {
            throw .misuse("the root has no component provider (set one with frond_root_set_provider)")
        }
        try frond { () throws(FrondError) in try root.root.update(props: props) }
        root.root.requestFlush()
    }
}
