import FrondCAPISupport
import CFrond
import Frond
import FrondTrees
import Synchronization

// The constructor registry (section Legacy components of frond.h): named C constructors
// with native signatures, `frond_component *f(T0, …, Tn-1, void *user_data)`, called
// through libffi with arguments matched against their declared types first.

/// One registered constructor: its name, its prepared call and its user data's owner.
/// A construction holds it while the constructor runs, so an unregistered constructor's
/// destroy waits for the constructions running then.
final class RegisteredConstructor: @unchecked Sendable {
    let name: String
    let call: NativeCall
    let owner: CallbackOwner

    init(name: String, call: NativeCall, owner: CallbackOwner) {
        self.name = name
        self.call = call
        self.owner = owner
    }

    /// Makes a component from `arguments`; the handle the constructor returned, checked.
    func construct(_ arguments: [ActionArgument]) throws(CallFailure) -> OpaquePointer? {
        let what = "constructor \"\(name)\" \(call.signature)"
        let matched: [ActionArgument]
        do {
            matched = try call.match(arguments)
        } catch {
            throw .invalidArgument(call.explain(error, what: what, source: "the call", verb: "gives"))
        }
        let result = try frond { () throws(FrondError) -> UInt64 in try call.construct(matched, userData: owner.userData) }
        guard result != 0 else { throw CallFailure(FROND_ERR_CALLBACK, "\(what) returned NULL") }
        do {
            _ = try handles.resolve(result, kind: .component)
        } catch {
            let what = "\(what) returned 0x\(String(result, radix: 16)), "
            switch error {
            case .wrongKind(let kind?): throw CallFailure(FROND_ERR_CALLBACK, what + "a \(kind) handle, not a frond_component")
            default: throw CallFailure(FROND_ERR_CALLBACK, what + "which is not a live frond_component handle")
            }
        }
        return OpaquePointer(handle: result)
    }
}

/// The process-wide registry. Entries leave the lock before anything of theirs runs.
enum ConstructorRegistry {
    private static let entries = Mutex<[String: RegisteredConstructor]>([:])

    /// Adds `entry`; false when its name is taken (the entry is then the caller's to drop).
    static func add(_ entry: RegisteredConstructor) -> Bool {
        entries.withLock { entries in
            guard entries[entry.name] == nil else { return false }
            entries[entry.name] = entry
            return true
        }
    }

    static func remove(_ name: String) -> RegisteredConstructor? {
        entries.withLock { $0.removeValue(forKey: name) }
    }

    static func entry(_ name: String) -> RegisteredConstructor? {
        entries.withLock { $0[name] }
    }
}

/// A registry name argument: non-empty UTF-8.
private func constructorName(_ pointer: UnsafePointer<CChar>?) throws(CallFailure) -> String {
    let name = try requiredString(pointer, "name")
    guard !name.isEmpty else { throw .invalidArgument("name is empty") }
    return name
}

@_cdecl("frond_constructor_register") @implementation
public func frond_constructor_register(_ name: UnsafePointer<CChar>?, _ argumentTypes: UnsafePointer<frond_argument_type>?,
                                       _ argumentCount: Int, _ constructor: frond_native_func?,
                                       _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_constructor_register",
           register(name, argumentTypes, argumentCount, constructor, CallbackOwner(userData, destroy)))
}

private func register(_ namePointer: UnsafePointer<CChar>?, _ argumentTypes: UnsafePointer<frond_argument_type>?,
                      _ argumentCount: Int, _ constructor: frond_native_func?,
                      _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let name = try constructorName(namePointer)
        guard let constructor else { throw .invalidArgument("constructor is NULL") }
        guard argumentCount >= 0 && argumentCount <= Int(FROND_MAX_ARGUMENTS) else {
            throw .invalidArgument("argument_count \(UInt(bitPattern: argumentCount)) is more than FROND_MAX_ARGUMENTS (\(FROND_MAX_ARGUMENTS))")
        }
        var types: [ArgumentType] = []
        for (index, type) in try arrayArgument(argumentTypes, argumentCount, "argument_types").enumerated() {
            types.append(try ArgumentType(type, "argument_types[\(index)]"))
        }
        let call = try NativeCall(constructor, argumentTypes: types, shape: .constructor)
        let entry = RegisteredConstructor(name: name, call: call, owner: owner)
        guard ConstructorRegistry.add(entry) else {
            throw .invalidArgument("a constructor named \"\(name)\" is registered already (unregister it first)")
        }
    }
}

@_cdecl("frond_constructor_unregister") @implementation
public func frond_constructor_unregister(_ name: UnsafePointer<CChar>?) -> frond_status {
    var removed: RegisteredConstructor? = nil
    let status = call("frond_constructor_unregister") { () throws(CallFailure) in
        let text = try constructorName(name)
        removed = ConstructorRegistry.remove(text)
        guard removed != nil else { throw .invalidArgument("no constructor is registered under \"\(text)\"") }
    }
    // Its destroy runs here (unless a construction still holds it), after the lock.
    removed = nil
    return status
}

@_cdecl("frond_component_new_by_name") @implementation
public func frond_component_new_by_name(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                        _ name: UnsafePointer<CChar>?, _ arguments: UnsafePointer<frond_argument>?,
                                        _ argumentCount: Int) -> frond_status {
    call("frond_component_new_by_name") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let text = try constructorName(name)
        var values: [ActionArgument] = []
        for (index, argument) in try arrayArgument(arguments, argumentCount, "arguments").enumerated() {
            values.append(try ActionArgument(argument, "arguments[\(index)]"))
        }
        guard let entry = ConstructorRegistry.entry(text) else {
            throw .invalidArgument("no constructor is registered under \"\(text)\"")
        }
        out.pointee = try entry.construct(values)
    }
}

@_cdecl("frond_component_new_from_json") @implementation
public func frond_component_new_from_json(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                          _ json: UnsafePointer<CChar>?) -> frond_status {
    call("frond_component_new_from_json") { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let text = try requiredString(json, "json")
        // A constructor's own failure keeps its status (FROND_ERR_CALLBACK, …); the
        // description's mistakes are FROND_ERR_INVALID_ARGUMENT.
        var constructorFailure: CallFailure? = nil
        let component: Component
        do throws(CorpusError) {
            component = try ComponentTreeDescription.component(fromText: text) {
                (name, arguments, place) throws(CorpusError) -> Component in
                guard let entry = ConstructorRegistry.entry(name) else {
                    throw CorpusError("\(place): no constructor is registered under \"\(name)\"")
                }
                let values = arguments.map { argument -> ActionArgument in
                    switch argument {
                    case .number(let number): return .double(number)
                    case .string(let string): return .string(string)
                    case .bool(let flag): return .bool(flag)
                    }
                }
                do throws(CallFailure) {
                    guard let handle = try entry.construct(values) else {
                        throw CallFailure(FROND_ERR_CALLBACK, "the constructor returned no component")
                    }
                    return try frond { () throws(FrondError) -> Component in try takeOverComponent(handle, place) }
                } catch {
                    let failure = CallFailure(error.status, "\(place): \(error.message)")
                    constructorFailure = failure
                    throw CorpusError(failure.message)
                }
            }
        } catch {
            throw constructorFailure ?? CallFailure(error.isLimit ? FROND_ERR_LIMIT : FROND_ERR_INVALID_ARGUMENT, error.message)
        }
        try issueComponent(component, out)
    }
}
