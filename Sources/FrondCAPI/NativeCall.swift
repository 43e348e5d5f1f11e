import FrondCAPISupport
import CFFI
import CFrond
import Frond
#if canImport(Glibc)
import Glibc
#endif

/// A C function with a native signature, called through libffi. Two shapes:
///
///     action handler   void f(frond_component *sender, T0, …, Tn-1, void *user_data)   (typed action blocks)
///     constructor      frond_component *f(T0, …, Tn-1, void *user_data)                (the constructor registry)
///
/// The call interface is prepared once, from the declared argument types. Before every
/// call the given arguments are matched against them — same count, same types (numbers
/// converting when exact) — and a mismatch is thrown without calling: libffi is never
/// asked to call with values of another signature than the one declared.
final class NativeCall {
    enum Shape {
        case actionHandler
        case constructor
    }

    /// Why given arguments do not fit the declared types.
    enum Mismatch: Error {
        case count(given: Int)
        case type(index: Int, argument: ActionArgument)
    }

    let argumentTypes: [ArgumentType]
    let shape: Shape
    private let function: frond_native_func
    private let interface: UnsafeMutablePointer<ffi_cif>
    /// (sender,) the arguments, user_data: the descriptors `interface` points at.
    private let parameterTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    /// Parameters before the arguments (the sender of an action handler).
    private var leadingCount: Int { shape == .actionHandler ? 1 : 0 }

    init(_ function: @escaping frond_native_func, argumentTypes: [ArgumentType],
         shape: Shape = .actionHandler) throws(CallFailure) {
        self.function = function
        self.argumentTypes = argumentTypes
        self.shape = shape
        let leading = shape == .actionHandler ? 1 : 0
        let count = argumentTypes.count + leading + 1
        interface = .allocate(capacity: 1)
        parameterTypes = .allocate(capacity: count)
        if leading == 1 { parameterTypes[0] = cffi_type_pointer() }
        for (index, type) in argumentTypes.enumerated() { parameterTypes[index + leading] = Self.ffiType(type) }
        parameterTypes[count - 1] = cffi_type_pointer()
        let result = shape == .actionHandler ? cffi_type_void() : cffi_type_pointer()
        let status = ffi_prep_cif(interface, cffi_default_abi(), UInt32(count), result, parameterTypes)
        guard status == FFI_OK else {
            interface.deallocate()
            parameterTypes.deallocate()
            throw CallFailure(FROND_ERR_INTERNAL, "libffi could not prepare a call with \(count) parameters (ffi_status \(status.rawValue))")
        }
    }

    deinit {
        interface.deallocate()
        parameterTypes.deallocate()
    }

    private static func ffiType(_ type: ArgumentType) -> UnsafeMutablePointer<ffi_type>? {
        switch type {
        case .int64: return cffi_type_sint64()
        case .double: return cffi_type_double()
        case .bool: return cffi_type_bool()
        case .string: return cffi_type_pointer()
        case .hostValue: return cffi_type_uint64()
        }
    }

    /// The signature as C would write it, for messages.
    var signature: String {
        let parameters = (shape == .actionHandler ? ["sender"] : []) + argumentTypes.map { "\($0)" } + ["user_data"]
        return "(" + parameters.joined(separator: ", ") + ")"
    }

    /// `given` converted to the declared types, or why they do not fit.
    func match(_ given: [ActionArgument]) throws(Mismatch) -> [ActionArgument] {
        guard given.count == argumentTypes.count else { throw .count(given: given.count) }
        var matched: [ActionArgument] = []
        matched.reserveCapacity(given.count)
        for (index, (argument, type)) in zip(given, argumentTypes).enumerated() {
            guard let converted = argument.converted(to: type) else { throw .type(index: index, argument: argument) }
            matched.append(converted)
        }
        return matched
    }

    /// A message for a mismatch: "`what` takes 2 arguments, `source` `verb` 1", or
    /// "`what`: argument 0 of `source` is …, not an int64".
    func explain(_ mismatch: Mismatch, what: String, source: String, verb: String) -> String {
        switch mismatch {
        case .count(let given):
            let count = argumentTypes.count
            return "\(what) takes \(count) argument\(count == 1 ? "" : "s"), \(source) \(verb) \(given)"
        case .type(let index, let argument):
            let type = argumentTypes.indices.contains(index) ? argumentTypes[index] : .int64
            return "\(what): argument \(index) of \(source) is \(argument.description), not \(type == .int64 ? "an" : "a") \(type)"
        }
    }

    /// `event`'s arguments converted to the declared types, or why they do not fit.
    func matchedArguments(_ event: ActionEvent) throws(FrondError) -> [ActionArgument] {
        let given: [ActionArgument]
        switch event.arguments {
        case .success(let arguments): given = arguments
        case .failure(let failure):
            throw FrondError(.invalidValue, "typed block \(signature): action \"\(event.name)\": \(failure.message)")
        }
        do {
            return try match(given)
        } catch {
            throw FrondError(.invalidValue, explain(error, what: "typed block \(signature)",
                                                    source: "action \"\(event.name)\"", verb: "carries"))
        }
    }

    /// Calls the action handler with `event`'s sender and arguments and `userData`, when
    /// the arguments match; throws (without calling) when they do not.
    func call(with event: ActionEvent, userData: UnsafeMutableRawPointer?) throws(FrondError) {
        guard shape == .actionHandler else { throw FrondError(.misuse, "\(signature) is not an action handler") }
        let arguments = try matchedArguments(event)
        let sender: OpaquePointer?
        do {
            sender = try issueHandle(event.sender, .component)
        } catch {
            throw FrondError(.misuse, "typed block: \(error.message)")
        }
        defer { if let sender { _ = try? handles.remove(sender.handleValue, kind: .component) } }
        _ = try invoke(leading: UnsafeRawPointer(sender), arguments, userData: userData)
    }

    /// Calls the constructor with `arguments` (already matched: see ``match(_:)``) and
    /// `userData`; returns what it returned.
    func construct(_ arguments: [ActionArgument], userData: UnsafeMutableRawPointer?) throws(FrondError) -> UInt64 {
        guard shape == .constructor, arguments.map(\.type) == argumentTypes else {
            throw FrondError(.misuse, "constructor \(signature): arguments of another signature")
        }
        return try invoke(leading: nil, arguments, userData: userData)
    }

    /// The libffi call: `leading` (for an action handler), the arguments (strings copied
    /// for the call), `userData`. Returns the result's bits (0 for void).
    private func invoke(leading: UnsafeRawPointer?, _ arguments: [ActionArgument],
                        userData: UnsafeMutableRawPointer?) throws(FrondError) -> UInt64 {
        let first = leadingCount
        let count = arguments.count + first + 1
        // One 8-byte slot per parameter (every parameter type fits), and their addresses.
        let slots = UnsafeMutableRawPointer.allocate(byteCount: 8 * count, alignment: 8)
        let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer {
            for string in strings { free(string) }
            values.deallocate()
            slots.deallocate()
        }
        slots.initializeMemory(as: UInt64.self, repeating: 0, count: count)
        for index in 0..<count { values[index] = slots + 8 * index }
        if first == 1 { slots.storeBytes(of: leading, as: UnsafeRawPointer?.self) }
        for (index, argument) in arguments.enumerated() {
            let slot = slots + 8 * (index + first)
            switch argument {
            case .int64(let value): slot.storeBytes(of: value, as: Int64.self)
            case .double(let value): slot.storeBytes(of: value, as: Double.self)
            case .bool(let value): slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
            case .hostValue(let value): slot.storeBytes(of: value, as: UInt64.self)
            case .string(let value):
                guard let copy = strdup(value) else {
                    throw FrondError(.callbackFailed, "\(signature): out of memory copying argument \(index)")
                }
                strings.append(copy)
                slot.storeBytes(of: UnsafeRawPointer(copy), as: UnsafeRawPointer?.self)
            }
        }
        slots.advanced(by: 8 * (count - 1)).storeBytes(of: UnsafeRawPointer(userData), as: UnsafeRawPointer?.self)
        var result: UInt64 = 0
        ffi_call(interface, function, &result, values)
        return result
    }
}
