import FrondCAPISupport
import CFrond
import Frond

// Action blocks: actions that carry their own C handler (section Actions of frond.h). The
// handle table stores the Frond ActionBlock itself; its handler closure holds the
// CallbackOwner, so the user_data is destroyed when the last holder (the handle, a
// component's attributes, a mounted view's, an action in flight) lets the block go.

/// The block behind an action block handle.
func actionBlock(_ handle: OpaquePointer?, _ role: String = "block") throws(CallFailure) -> ActionBlock {
    // The table only ever stores ActionBlock objects under the action block kind.
    unsafeDowncast(try resolve(handle, .actionBlock, role), to: ActionBlock.self)
}

/// Registers `block` under a new handle written to `out` (when that fails, the block and
/// the user_data it holds go when the caller returns).
private func issueBlock(_ block: ActionBlock, to out: UnsafeMutablePointer<OpaquePointer?>) throws(CallFailure) {
    out.pointee = try issueHandle(block, .actionBlock)
}

@_cdecl("frond_action_block_new") @implementation
public func frond_action_block_new(_ outBlock: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ function: frond_action_block_func?, _ userData: UnsafeMutableRawPointer?,
                                   _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_action_block_new", makeBlock(outBlock, function, CallbackOwner(userData, destroy)))
}

private func makeBlock(_ outBlock: UnsafeMutablePointer<OpaquePointer?>?, _ function: frond_action_block_func?,
                       _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outBlock)
        guard let function else { throw .invalidArgument("func is NULL") }
        let block = ActionBlock("block") { (event: ActionEvent) throws(FrondError) in
            let call = CallbackCall()
            let status = try withActionHandle(event) { action in function(action, owner.userData) }
            guard status == FROND_OK else {
                throw FrondError(.callbackFailed, call.failure("the action block", status))
            }
        }
        try issueBlock(block, to: out)
    }
}

@_cdecl("frond_action_block_new_typed") @implementation
public func frond_action_block_new_typed(_ outBlock: UnsafeMutablePointer<OpaquePointer?>?,
                                         _ argumentTypes: UnsafePointer<frond_argument_type>?, _ argumentCount: Int,
                                         _ function: frond_native_func?, _ userData: UnsafeMutableRawPointer?,
                                         _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_action_block_new_typed",
           makeTypedBlock(outBlock, argumentTypes, argumentCount, function, CallbackOwner(userData, destroy)))
}

private func makeTypedBlock(_ outBlock: UnsafeMutablePointer<OpaquePointer?>?,
                            _ argumentTypes: UnsafePointer<frond_argument_type>?, _ argumentCount: Int,
                            _ function: frond_native_func?, _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outBlock)
        guard let function else { throw .invalidArgument("func is NULL") }
        guard argumentCount >= 0 && argumentCount <= Int(FROND_MAX_ARGUMENTS) else {
            throw .invalidArgument("argument_count \(UInt(bitPattern: argumentCount)) is more than FROND_MAX_ARGUMENTS (\(FROND_MAX_ARGUMENTS))")
        }
        var types: [ArgumentType] = []
        for (index, type) in try arrayArgument(argumentTypes, argumentCount, "argument_types").enumerated() {
            types.append(try ArgumentType(type, "argument_types[\(index)]"))
        }
        let call = try NativeCall(function, argumentTypes: types)
        let block = ActionBlock("block") { (event: ActionEvent) throws(FrondError) in
            try call.call(with: event, userData: owner.userData)
        }
        try issueBlock(block, to: out)
    }
}

@_cdecl("frond_action_block_release") @implementation
public func frond_action_block_release(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    // The block, and its user_data if nothing else holds it, goes when the handle is gone.
    return call("frond_action_block_release") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .actionBlock, "block")
    }
}

@_cdecl("frond_scope_send_action_block") @implementation
public func frond_scope_send_action_block(_ scopeHandle: OpaquePointer?, _ blockHandle: OpaquePointer?,
                                          _ arguments: UnsafePointer<frond_argument>?,
                                          _ argumentCount: Int) -> frond_status {
    call("frond_scope_send_action_block") { () throws(CallFailure) in
        let scope = try cScope(scopeHandle).scope
        let block = try actionBlock(blockHandle)
        var values: [ActionArgument] = []
        for (index, argument) in try arrayArgument(arguments, argumentCount, "arguments").enumerated() {
            values.append(try ActionArgument(argument, "arguments[\(index)]"))
        }
        let payload: Any? = values.isEmpty ? nil : ActionArguments(values: values)
        _ = try frond { () throws(FrondError) in try scope.send(block, payload) }
    }
}

@_cdecl("frond_action_get_argument_count") @implementation
public func frond_action_get_argument_count(_ outCount: UnsafeMutablePointer<Int>?,
                                            _ handle: OpaquePointer?) -> frond_status {
    call("frond_action_get_argument_count") { () throws(CallFailure) in
        let out = try requireOut(outCount)
        let action = try cAction(handle)
        out.pointee = (try? action.event.arguments.get())?.count ?? 0
    }
}

@_cdecl("frond_action_get_argument") @implementation
public func frond_action_get_argument(_ outArgument: UnsafeMutablePointer<frond_argument>?,
                                      _ handle: OpaquePointer?, _ index: Int) -> frond_status {
    call("frond_action_get_argument") { () throws(CallFailure) in
        let out = try requireOut(outArgument)
        let action = try cAction(handle)
        let arguments = (try? action.event.arguments.get()) ?? []
        guard index >= 0 && index < arguments.count else {
            throw .invalidArgument("index \(index) is out of range (the action has \(arguments.count) arguments)")
        }
        var argument = frond_argument()
        argument.type = arguments[index].type.cValue
        switch arguments[index] {
        case .int64(let value): argument.int64 = value
        case .double(let value): argument.number = value
        case .bool(let value): argument.boolean = value
        case .string(let value): argument.string = action.arena.string(value)
        case .hostValue(let value): argument.host_value = value
        }
        out.pointee = argument
    }
}
