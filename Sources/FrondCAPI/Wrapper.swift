import FrondCAPISupport
import CFrond
import Frond

// Wrappers (section Wrappers of frond.h): handles that code outside Swift keeps on a
// component, asked about its actions right after it. The table stores the CWrapper; the
// component keeps it too, so its user_data lives until both let it go.

/// A wrapper made through the C API: its action handler and user_data.
final class CWrapper: ComponentWrapper, @unchecked Sendable {
    private let handleAction: frond_wrapper_action_func?
    private let owner: CallbackOwner

    init(wrapping component: Component, handleAction: frond_wrapper_action_func?,
         owner: CallbackOwner) throws(FrondError) {
        self.handleAction = handleAction
        self.owner = owner
        try super.init(wrapping: component)
    }

    override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
        guard let handleAction else { return false }
        var handled = false
        let call = CallbackCall()
        let status = try withActionHandle(action) { handle in handleAction(&handled, handle, owner.userData) }
        guard status == FROND_OK else {
            throw FrondError(.callbackFailed, call.failure("a wrapper's handle_action", status))
        }
        return handled
    }
}

/// The wrapper behind a wrapper handle.
private func wrapper(_ handle: OpaquePointer?) throws(CallFailure) -> CWrapper {
    // The table only ever stores CWrapper objects under the wrapper kind.
    unsafeDowncast(try resolve(handle, .wrapper, "wrapper"), to: CWrapper.self)
}

@_cdecl("frond_wrapper_new") @implementation
public func frond_wrapper_new(_ outWrapper: UnsafeMutablePointer<OpaquePointer?>?, _ componentHandle: OpaquePointer?,
                              _ handleAction: frond_wrapper_action_func?, _ userData: UnsafeMutableRawPointer?,
                              _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_wrapper_new", makeWrapper(outWrapper, componentHandle, handleAction, CallbackOwner(userData, destroy)))
}

private func makeWrapper(_ outWrapper: UnsafeMutablePointer<OpaquePointer?>?, _ componentHandle: OpaquePointer?,
                         _ handleAction: frond_wrapper_action_func?, _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outWrapper)
        let wrapped = try component(componentHandle)
        let made = try frond { () throws(FrondError) -> CWrapper in
            try CWrapper(wrapping: wrapped, handleAction: handleAction, owner: owner)
        }
        out.pointee = try issueHandle(made, .wrapper)
    }
}

@_cdecl("frond_wrapper_get_component") @implementation
public func frond_wrapper_get_component(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ wrapperHandle: OpaquePointer?) -> frond_status {
    call("frond_wrapper_get_component") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        guard let wrapped = try wrapper(wrapperHandle).component else {
            throw .misuse("the wrapper's component is gone (nothing holds it any more)")
        }
        out.pointee = try issueHandle(wrapped, .component)
    }
}

@_cdecl("frond_wrapper_release") @implementation
public func frond_wrapper_release(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    // The wrapper, and its user_data, goes when its component does too.
    return call("frond_wrapper_release") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .wrapper, "wrapper")
    }
}
