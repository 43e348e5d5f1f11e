import FrondCAPISupport
import CFrond
import Frond

/// The object behind a frond_action handle: one action, seen by one C callback. The
/// handle is issued for the call and withdrawn after it (with the sender's handle, if the
/// callback asked for one); the strings it hands out live as long as it does.
final class CAction {
    let event: ActionEvent
    var arena = CArena()
    private var cachedName: UnsafePointer<CChar>?
    /// The borrowed sender handle issued by frond_action_get_sender.
    var senderHandle: OpaquePointer?

    init(_ event: ActionEvent) {
        self.event = event
    }

    var name: UnsafePointer<CChar>? {
        if let cachedName { return cachedName }
        cachedName = arena.string(event.name)
        return cachedName
    }

    /// The payload as an attribute (its name NULL), when it can be one: an attribute
    /// value, or a Swift Bool, String, Int, Double or Float.
    func payload() -> frond_attribute? {
        let value: AttributeValue
        switch event.value {
        case let attribute as AttributeValue: value = attribute
        case let flag as Bool: value = .bool(flag)
        case let text as String: value = .string(text)
        case let number as Int: value = .number(Double(number))
        case let number as Double: value = .number(number)
        case let number as Float: value = .number(Double(number))
        default: return nil
        }
        var attribute = arena.attribute(Attribute(name: "", value: value))
        attribute.name = nil
        return attribute
    }

    deinit {
        arena.free()
    }
}

/// Calls `body` with a handle of `event` that is valid during the call only.
func withActionHandle(_ event: ActionEvent, _ body: (OpaquePointer?) -> frond_status) throws(FrondError) -> frond_status {
    let action = CAction(event)
    let handle: OpaquePointer?
    do {
        handle = try issueHandle(action, .action)
    } catch {
        throw FrondError(.misuse, "action \"\(event.name)\": \(error.message)")
    }
    defer {
        if let handle { _ = try? handles.remove(handle.handleValue, kind: .action) }
        // (Already gone if the callback released it: the generation then no longer matches.)
        if let sender = action.senderHandle { _ = try? handles.remove(sender.handleValue, kind: .component) }
    }
    return body(handle)
}

extension ActionOutcome {
    var cValue: frond_action_outcome {
        switch self {
        case .handled: return FROND_ACTION_HANDLED
        case .unhandled: return FROND_ACTION_UNHANDLED
        case .noAction: return FROND_ACTION_NO_ACTION
        }
    }
}

/// The action behind an action handle.
func cAction(_ handle: OpaquePointer?) throws(CallFailure) -> CAction {
    // The table only ever stores CAction objects under the action kind.
    unsafeDowncast(try resolve(handle, .action, "action"), to: CAction.self)
}

/// A payload argument (NULL: none).
func payloadArgument(_ pointer: UnsafePointer<frond_attribute>?) throws(CallFailure) -> AttributeValue? {
    guard let pointer else { return nil }
    guard pointer.pointee.kind != FROND_ATTRIBUTE_ACTION_BLOCK else {
        throw .invalidArgument("payload: an action block cannot be a payload")
    }
    return try attributeValue(pointer.pointee, "payload")
}

@_cdecl("frond_root_send_event") @implementation
public func frond_root_send_event(_ outOutcome: UnsafeMutablePointer<frond_action_outcome>?, _ handle: OpaquePointer?,
                                  _ view: UInt64, _ eventAttribute: UnsafePointer<CChar>?,
                                  _ payload: UnsafePointer<frond_attribute>?) -> frond_status {
    call("frond_root_send_event") { () throws(CallFailure) in
        let out = try requireOut(outOutcome)
        let root = try cRoot(handle)
        let name = try requiredString(eventAttribute, "event_attribute")
        guard !name.isEmpty else { throw .invalidArgument("event_attribute is empty") }
        let event = HostEvent(attributeName: name, payload: try payloadArgument(payload))
        out.pointee = try frond { () throws(FrondError) in try root.root.send(event, to: ViewID(view)) }.cValue
    }
}

@_cdecl("frond_root_tap_at") @implementation
public func frond_root_tap_at(_ outOutcome: UnsafeMutablePointer<frond_action_outcome>?,
                              _ outView: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?, _ x: Float,
                              _ y: Float) -> frond_status {
    call("frond_root_tap_at") { () throws(CallFailure) in
        let out = try requireOut(outOutcome)
        let viewOut = try requireOut(outView)
        let root = try cRoot(handle)
        let result = try frond { () throws(FrondError) in try root.root.tap(atX: x, y: y) }
        out.pointee = result.outcome.cValue
        viewOut.pointee = result.view?.rawValue ?? 0
    }
}

@_cdecl("frond_scope_send_action") @implementation
public func frond_scope_send_action(_ outOutcome: UnsafeMutablePointer<frond_action_outcome>?, _ handle: OpaquePointer?,
                                    _ name: UnsafePointer<CChar>?,
                                    _ payload: UnsafePointer<frond_attribute>?) -> frond_status {
    call("frond_scope_send_action") { () throws(CallFailure) in
        let out = try requireOut(outOutcome)
        let scope = try cScope(handle).scope
        let actionName = try requiredString(name, "name")
        guard !actionName.isEmpty else { throw .invalidArgument("name is empty") }
        let value = try payloadArgument(payload)
        let outcome = try frond { () throws(FrondError) -> ActionOutcome in
            if let value { return try scope.send(ActionName<AttributeValue>(actionName), value) }
            return try scope.send(ActionName<Void>(actionName))
        }
        out.pointee = outcome.cValue
    }
}

/// A C unhandled-action handler with its user_data.
private final class CUnhandledActionHandler {
    let function: frond_action_handler_func
    let owner: CallbackOwner
    let rootHandle: OpaquePointer?

    init(_ function: @escaping frond_action_handler_func, owner: CallbackOwner, rootHandle: OpaquePointer?) {
        self.function = function
        self.owner = owner
        self.rootHandle = rootHandle
    }

    func receive(_ event: ActionEvent) throws(FrondError) {
        let call = CallbackCall()
        let status = try withActionHandle(event) { action in function(rootHandle, action, owner.userData) }
        guard status == FROND_OK else { throw FrondError(.callbackFailed, call.failure("the unhandled action handler", status)) }
    }
}

@_cdecl("frond_root_set_unhandled_action_handler") @implementation
public func frond_root_set_unhandled_action_handler(_ handle: OpaquePointer?, _ handler: frond_action_handler_func?,
                                                    _ userData: UnsafeMutableRawPointer?,
                                                    _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_root_set_unhandled_action_handler",
           registerUnhandledActionHandler(handle, handler, CallbackOwner(userData, destroy)))
}

private func registerUnhandledActionHandler(_ handle: OpaquePointer?, _ handler: frond_action_handler_func?,
                                            _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard let handler else {
            root.root.unhandledActionHandler = nil
            return
        }
        let registered = CUnhandledActionHandler(handler, owner: owner, rootHandle: root.handle)
        root.root.unhandledActionHandler = { (event: ActionEvent) throws(FrondError) in try registered.receive(event) }
    }
}

@_cdecl("frond_action_get_name") @implementation
public func frond_action_get_name(_ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                  _ handle: OpaquePointer?) -> frond_status {
    call("frond_action_get_name") { () throws(CallFailure) in
        let out = try requireOut(outName)
        out.pointee = try cAction(handle).name
    }
}

@_cdecl("frond_action_get_payload") @implementation
public func frond_action_get_payload(_ outHasPayload: UnsafeMutablePointer<Bool>?,
                                     _ outPayload: UnsafeMutablePointer<frond_attribute>?,
                                     _ handle: OpaquePointer?) -> frond_status {
    call("frond_action_get_payload") { () throws(CallFailure) in
        let hasOut = try requireOut(outHasPayload)
        let payloadOut = try requireOut(outPayload)
        let payload = try cAction(handle).payload()
        hasOut.pointee = payload != nil
        payloadOut.pointee = payload ?? frond_attribute()
    }
}

@_cdecl("frond_action_get_view") @implementation
public func frond_action_get_view(_ outView: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_action_get_view") { () throws(CallFailure) in
        let out = try requireOut(outView)
        out.pointee = try cAction(handle).event.view?.rawValue ?? 0
    }
}

@_cdecl("frond_action_get_sender") @implementation
public func frond_action_get_sender(_ outSender: UnsafeMutablePointer<OpaquePointer?>?,
                                    _ handle: OpaquePointer?) -> frond_status {
    call("frond_action_get_sender") { () throws(CallFailure) in
        let out = try requireOut(outSender)
        let action = try cAction(handle)
        if action.senderHandle == nil { action.senderHandle = try issueHandle(action.event.sender, .component) }
        out.pointee = action.senderHandle
    }
}
