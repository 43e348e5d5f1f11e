import FrondCAPISupport
import CFrond
import Frond

/// The type of an action argument (frond_argument_type).
enum ArgumentType: CustomStringConvertible {
    case int64, double, bool, string, hostValue

    init(_ type: frond_argument_type, _ place: String) throws(CallFailure) {
        switch type {
        case FROND_ARGUMENT_INT64: self = .int64
        case FROND_ARGUMENT_DOUBLE: self = .double
        case FROND_ARGUMENT_BOOL: self = .bool
        case FROND_ARGUMENT_STRING: self = .string
        case FROND_ARGUMENT_HOST_VALUE: self = .hostValue
        default: throw .invalidArgument("\(place) \(type.rawValue) is not a frond_argument_type")
        }
    }

    var cValue: frond_argument_type {
        switch self {
        case .int64: return FROND_ARGUMENT_INT64
        case .double: return FROND_ARGUMENT_DOUBLE
        case .bool: return FROND_ARGUMENT_BOOL
        case .string: return FROND_ARGUMENT_STRING
        case .hostValue: return FROND_ARGUMENT_HOST_VALUE
        }
    }

    var description: String {
        switch self {
        case .int64: return "int64"
        case .double: return "double"
        case .bool: return "bool"
        case .string: return "string"
        case .hostValue: return "host value"
        }
    }
}

/// One action argument, as C sends and receives it (frond_argument).
enum ActionArgument: Equatable {
    case int64(Int64)
    case double(Double)
    case bool(Bool)
    case string(String)
    case hostValue(UInt64)

    var type: ArgumentType {
        switch self {
        case .int64: return .int64
        case .double: return .double
        case .bool: return .bool
        case .string: return .string
        case .hostValue: return .hostValue
        }
    }

    /// A caller's frond_argument (its string is copied).
    init(_ argument: frond_argument, _ place: String) throws(CallFailure) {
        switch try ArgumentType(argument.type, "\(place).type") {
        case .int64: self = .int64(argument.int64)
        case .double: self = .double(argument.number)
        case .bool: self = .bool(argument.boolean)
        case .string: self = .string(try requiredString(argument.string, "\(place).string"))
        case .hostValue: self = .hostValue(argument.host_value)
        }
    }

    /// The argument as `type`: itself, or a number converted when the value is exact (a
    /// whole double within Int64's range to int64, an int64 within ±2^53 to double); nil
    /// when it cannot be one.
    func converted(to type: ArgumentType) -> ActionArgument? {
        switch (self, type) {
        case (.double(let number), .int64):
            // Int64(exactly:) is nil for fractions, NaN, infinities and values out of range.
            return Int64(exactly: number).map { .int64($0) }
        case (.int64(let integer), .double):
            guard integer.magnitude <= 1 << 53 else { return nil }   // every such integer is a double
            return .double(Double(integer))
        default:
            return self.type == type ? self : nil
        }
    }

    var description: String {
        switch self {
        case .int64(let value): return "int64 \(value)"
        case .double(let value): return "double \(value)"
        case .bool(let value): return "bool \(value)"
        case .string(let value): return "string \"\(value)\""
        case .hostValue(let value): return "host value \(value)"
        }
    }
}

/// The payload of an action sent with an argument list (frond_scope_send_action_block).
struct ActionArguments {
    let values: [ActionArgument]
}

extension ActionEvent {
    /// The action's arguments: its argument list, nothing for no payload, or the payload
    /// as one argument; nil when the payload cannot be one (a color, an action, a block,
    /// a Swift value of another type), with what it is.
    var arguments: Result<[ActionArgument], CallFailure> {
        switch value {
        case nil: return .success([])
        case let list as ActionArguments: return .success(list.values)
        case let attribute as AttributeValue:
            switch attribute {
            case .number(let number): return .success([.double(number)])
            case .bool(let flag): return .success([.bool(flag)])
            case .string(let text): return .success([.string(text)])
            case .hostValue(let token): return .success([.hostValue(token)])
            case .color, .action, .block:
                return .failure(.invalidArgument("the payload, \(attribute.kind.withArticleForMessages), cannot be an argument"))
            }
        case let integer as Int: return .success([.int64(Int64(integer))])
        case let integer as Int64: return .success([.int64(integer)])
        case let number as Double: return .success([.double(number)])
        case let number as Float: return .success([.double(Double(number))])
        case let flag as Bool: return .success([.bool(flag)])
        case let text as String: return .success([.string(text)])
        case let other?: return .failure(.invalidArgument("the payload, a Swift \(type(of: other)), cannot be an argument"))
        }
    }
}

extension AttributeKind {
    var withArticleForMessages: String {
        switch self {
        case .action, .block: return "an \(self)"
        default: return "a \(self)"
        }
    }
}
