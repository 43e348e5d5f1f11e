import CFFI
import CFrond
import Frond
#if canImport(Glibc)
import Glibc
#endif

/// A C function with a native signature, `void f(frond_component *sender, T0, …, Tn-1,
/// void *user_data)`, called through libffi (typed action blocks).
///
/// The call interface is prepared once, from the declared argument types. Before every
/// call the action's arguments are matched against them — same count, same types (numbers
/// converting when exact) — and a mismatch is thrown without calling: libffi is never
/// asked to call with values of another signature than the one declared.
final class NativeCall {
    let argumentTypes: [ArgumentType]
    private let function: frond_native_func
    private let interface: UnsafeMutablePointer<ffi_cif>
    /// sender, the arguments, user_data: the descriptors `interface` points at.
    private let parameterTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    init(_ function: @escaping frond_native_func, argumentTypes: [ArgumentType]) throws(CallFailure) {
        self.function = function
        self.argumentTypes = argumentTypes
        let count = argumentTypes.count + 2
        interface = .allocate(capacity: 1)
        parameterTypes = .allocate(capacity: count)
        parameterTypes[0] = cffi_type_pointer()
        for (index, type) in argumentTypes.enumerated() { parameterTypes[index + 1] = Self.ffiType(type) }
        parameterTypes[count - 1] = cffi_type_pointer()
        let status = ffi_prep_cif(interface, cffi_default_abi(), UInt32(count), cffi_type_void(), parameterTypes)
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
        "(sender" + argumentTypes.map { ", \($0)" }.joined() + ", user_data)"
    }

    /// `event`'s arguments converted to the declared types, or why they do not fit.
    func matchedArguments(_ event: ActionEvent) throws(FrondError) -> [ActionArgument] {
        let given: [ActionArgument]
        switch event.arguments {
        case .success(let arguments): given = arguments
        case .failure(let failure):
            throw FrondError(.invalidValue, "typed block \(signature): action \"\(event.name)\": \(failure.message)")
        }
        guard given.count == argumentTypes.count else {
            throw FrondError(.invalidValue, "typed block \(signature) takes \(argumentTypes.count) argument\(argumentTypes.count == 1 ? "" : "s"), action \"\(event.name)\" carries \(given.count)")
        }
        var matched: [ActionArgument] = []
        matched.reserveCapacity(given.count)
        for (index, (argument, type)) in zip(given, argumentTypes).enumerated() {
            guard let converted = argument.converted(to: type) else {
                throw FrondError(.invalidValue, "typed block \(signature): argument \(index) of action \"\(event.name)\" is \(argument.description), not \(type == .int64 ? "an" : "a") \(type)")
            }
            matched.append(converted)
        }
        return matched
    }

    /// Calls the function with `event`'s sender and arguments and `userData`, when the
    /// arguments match; throws (without calling) when they do not.
    func call(with event: ActionEvent, userData: UnsafeMutableRawPointer?) throws(FrondError) {
        let arguments = try matchedArguments(event)
        let sender: OpaquePointer?
        do {
            sender = try issueHandle(event.sender, .component)
        } catch {
            throw FrondError(.misuse, "typed block: \(error.message)")
        }
        defer { if let sender { _ = try? handles.remove(sender.handleValue, kind: .component) } }

        let count = arguments.count + 2
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
        slots.storeBytes(of: UnsafeRawPointer(sender), as: UnsafeRawPointer?.self)
        for (index, argument) in arguments.enumerated() {
            let slot = slots + 8 * (index + 1)
            switch argument {
            case .int64(let value): slot.storeBytes(of: value, as: Int64.self)
            case .double(let value): slot.storeBytes(of: value, as: Double.self)
            case .bool(let value): slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
            case .hostValue(let value): slot.storeBytes(of: value, as: UInt64.self)
            case .string(let value):
                guard let copy = strdup(value) else {
                    throw FrondError(.callbackFailed, "typed block: out of memory copying argument \(index)")
                }
                strings.append(copy)
                slot.storeBytes(of: UnsafeRawPointer(copy), as: UnsafeRawPointer?.self)
            }
        }
        slots.advanced(by: 8 * (count - 1)).storeBytes(of: UnsafeRawPointer(userData), as: UnsafeRawPointer?.self)
        var ignored: UInt64 = 0
        ffi_call(interface, function, &ignored, values)
    }
}
