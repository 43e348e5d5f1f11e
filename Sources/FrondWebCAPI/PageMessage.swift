import FrondTrees

/// A message from a page, read and checked (docs/web.md):
///
///     {"t":"hello","path":"/","width":800,"height":600}     the page is ready (once)
///     {"t":"viewport","width":800,"height":600}             the window was resized
///     {"t":"scroll","offset":1200,"length":600,"n":3}       a list page's visible part, with the
///                                                           number of offset moves it applied
///     {"t":"event","view":12,"event":"onTap","seq":3}        a tap (value: a toggle's bool,
///     {"t":"event","view":9,"event":"onValueChange","value":"milk","seq":4}   a field's text)
///                                                           (and "c": how many commits the page had
///                                                           applied when it sent the event)
enum PageMessage: Equatable {
    enum Value: Equatable {
        case bool(Bool)
        case number(Double)
        case string(String)

        enum Kind: String {
            case bool, number, string
        }

        var kind: Kind {
            switch self {
            case .bool: .bool
            case .number: .number
            case .string: .string
            }
        }
    }

    case hello(path: String, width: Float, height: Float)
    case viewport(width: Float, height: Float)
    case scroll(offset: Float, length: Float, movesApplied: UInt64)
    case event(view: UInt64, name: String, value: Value?, sequence: UInt64, commits: UInt64?)

    /// The longest page path and event name accepted.
    static let maximumPathLength = 2048
    static let maximumEventNameLength = 64
    /// The widest viewport taken (larger ones are clamped).
    static let maximumViewport: Float = 100_000
    /// The farthest a list page may scroll (larger offsets are clamped).
    static let maximumOffset: Float = 1e9

    /// The message, or why it is refused (a short phrase for the server's log).
    static func read(_ json: JSON) -> Result<PageMessage, Refusal> {
        guard case .object = json, case .string(let type)? = json["t"] else {
            return .failure(Refusal("a message without a type"))
        }
        switch type {
        case "hello":
            guard case .string(let path)? = json["path"], path.utf8.count <= maximumPathLength, path.hasPrefix("/") else {
                return .failure(Refusal("a hello without a path (\"/…\", at most \(maximumPathLength) bytes)"))
            }
            guard let (width, height) = size(json) else { return .failure(Refusal("a hello without a width and height")) }
            return .success(.hello(path: path, width: width, height: height))
        case "viewport":
            guard let (width, height) = size(json) else { return .failure(Refusal("a viewport without a width and height")) }
            return .success(.viewport(width: width, height: height))
        case "scroll":
            guard case .number(let offset)? = json["offset"], case .number(let length)? = json["length"],
                  offset.isFinite, length.isFinite, offset >= 0, length >= 0 else {
                return .failure(Refusal("a scroll without a finite offset and length ≥ 0"))
            }
            var moves: UInt64 = 0
            if let applied = json["n"] {
                guard case .number(let number) = applied, number >= 0, number <= 9_007_199_254_740_991,
                      number == number.rounded() else {
                    return .failure(Refusal("a scroll whose n is not a whole number"))
                }
                moves = UInt64(number)
            }
            return .success(.scroll(offset: Float(min(offset, Double(maximumOffset))),
                                    length: Float(min(length, Double(maximumViewport))), movesApplied: moves))
        case "event":
            guard case .number(let view)? = json["view"], view >= 1, view <= 9_007_199_254_740_991, view == view.rounded() else {
                return .failure(Refusal("an event without a view number"))
            }
            guard case .string(let name)? = json["event"], !name.isEmpty, name.utf8.count <= maximumEventNameLength else {
                return .failure(Refusal("an event without a name (at most \(maximumEventNameLength) bytes)"))
            }
            var sequence: UInt64 = 0
            if let seq = json["seq"] {
                guard case .number(let number) = seq, number >= 0, number <= 9_007_199_254_740_991, number == number.rounded() else {
                    return .failure(Refusal("an event whose seq is not a whole number"))
                }
                sequence = UInt64(number)
            }
            var commits: UInt64? = nil
            if let c = json["c"] {
                guard case .number(let number) = c, number >= 0, number <= 9_007_199_254_740_991, number == number.rounded() else {
                    return .failure(Refusal("an event whose c is not a whole number"))
                }
                commits = UInt64(number)
            }
            var value: Value? = nil
            switch json["value"] {
            case nil, .null?: break
            case .bool(let bool)?: value = .bool(bool)
            case .number(let number)?: value = .number(number)
            case .string(let string)?: value = .string(string)
            case let other?: return .failure(Refusal("an event whose value is \(other.kindName)"))
            }
            return .success(.event(view: UInt64(view), name: name, value: value, sequence: sequence, commits: commits))
        default:
            return .failure(Refusal("a message of unknown type \"\(type.prefix(32))\""))
        }
    }

    private static func size(_ json: JSON) -> (Float, Float)? {
        guard case .number(let width)? = json["width"], case .number(let height)? = json["height"],
              width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        return (Float(min(width, Double(maximumViewport))), Float(min(height, Double(maximumViewport))))
    }

    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
