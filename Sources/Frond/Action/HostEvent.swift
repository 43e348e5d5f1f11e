/// An event the host reports on a mounted view. Each event reads one attribute of the
/// view's component, which names the action to send (`.action(name)`) or holds the block
/// to call (`.block(block)`, see ``ActionBlock``):
///
/// | event                     | attribute       | payload            |
/// |---------------------------|-----------------|--------------------|
/// | `.tap`                    | `onTap`         | none               |
/// | `.longPress`              | `onLongPress`   | none               |
/// | `.valueChange(value)`     | `onValueChange` | `value`            |
/// | `.custom(name, value)`    | `name`          | `value` (or none)  |
public enum HostEvent: Hashable, Sendable, CustomStringConvertible {
    case tap
    case longPress
    /// A control's value changed (a switch, a slider, a text field) to `value`.
    case valueChange(AttributeValue)
    /// Any other event, named after the attribute it reads (`"onSwipe"`), with an
    /// optional payload.
    case custom(String, AttributeValue? = nil)

    /// The attribute of the view's component that names the action to send.
    public var attributeName: String {
        switch self {
        case .tap: return "onTap"
        case .longPress: return "onLongPress"
        case .valueChange: return "onValueChange"
        case .custom(let name, _): return name
        }
    }

    /// The value the action carries.
    public var payload: AttributeValue? {
        switch self {
        case .tap, .longPress: return nil
        case .valueChange(let value): return value
        case .custom(_, let value): return value
        }
    }

    /// The event that reads `attributeName`: `.tap`, `.longPress` or `.valueChange` for
    /// their attributes (with the payload they carry), `.custom` otherwise.
    public init(attributeName: String, payload: AttributeValue?) {
        switch (attributeName, payload) {
        case ("onTap", nil): self = .tap
        case ("onLongPress", nil): self = .longPress
        case ("onValueChange", let value?): self = .valueChange(value)
        default: self = .custom(attributeName, payload)
        }
    }

    public var description: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "long press"
        case .valueChange(let value): return "value change to \(value)"
        case .custom(let name, let value): return value.map { "\(name) with \($0)" } ?? name
        }
    }
}
