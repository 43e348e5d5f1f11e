import CFrond
import Frond
import FrondCAPISupport
import FrondCairo

// The views a served root has mounted, as its pages have them: kept so that a page that
// joins (a shared root, a reconnection) is sent them whole, so that an event names a view
// that exists, and so that text views carry Pango's line breaks. Each commit is applied
// here and written out as one message body (docs/web.md):
//
//   CREATE ["c",id,type]   UPDATE ["u",id,{set},[unset]]   SET_FRAME ["f",id,x,y,w,h]
//   INSERT ["i",id,parent,index]   MOVE ["m",id,parent,index]   REMOVE ["r",id,parent]
//   DESTROY ["d",id]       and, after them, a text view's lines: ["l",id,[lines],ellipsized,[widths]]

struct MirrorView {
    var type: String
    var attributes: [String: AttributeValue] = [:]
    var frame = frond_rect()
    var children: [UInt64] = []
    var parent: UInt64?
    var lines: TextLines?
}

/// What the page's input for a view type sends with onValueChange (page/frond.js makes the
/// same inputs of the same type names): a checkbox its bool, a text field its string, a
/// slider its number. Nil for the other types, which the page sends no value for.
func valueKind(ofViewType type: String) -> PageMessage.Value.Kind? {
    switch type {
    case "switch", "checkbox", "toggle": .bool
    case "textField", "textfield", "entry", "input": .string
    case "slider", "range": .number
    default: nil
    }
}

final class ViewMirror {
    private(set) var views: [UInt64: MirrorView] = [0: MirrorView(type: "")]
    private let typesetter: Typesetter

    init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// The view of the root's that holds `view` (itself for one of the root's; nil: not
    /// mounted): on a list page, the item container it is in.
    func topView(holding view: UInt64) -> UInt64? {
        var current = view
        while let parent = views[current]?.parent {
            if parent == 0 { return current }
            current = parent
        }
        return nil
    }

    /// Whether `view` is mounted now (view 0, the page's container, is not a view events name).
    func isMounted(_ view: UInt64) -> Bool {
        var current = view
        while current != 0 {
            guard let parent = views[current]?.parent else { return false }
            current = parent
        }
        return view != 0
    }

    /// Applies a commit and returns its message body (a JSON array of mutations). A
    /// mutation that contradicts the mirror is refused with a message (libfrond never
    /// sends one; the check keeps the mirror whole if it ever did).
    ///
    /// `rootSize` is the root's laid-out size: when it changed, the page's container (view
    /// 0) is given it as its frame, last.
    func apply(_ mutations: UnsafeBufferPointer<frond_mutation>, rootSize: frond_size?) throws(CallFailure) -> String {
        var body = JSONWriter()
        body.beginArray()
        var textChanged: [UInt64] = []
        for mutation in mutations {
            let id = mutation.view
            switch mutation.kind {
            case FROND_MUTATION_CREATE:
                let type = try requiredString(mutation.view_type, "mutation.view_type")
                guard id != 0, views[id] == nil else { throw .invalidArgument("CREATE of view \(id), which exists") }
                views[id] = MirrorView(type: type)
                body.element { $0.array { $0.string("c"); $0.number(id); $0.string(type) } }
            case FROND_MUTATION_UPDATE:
                guard views[id] != nil else { throw .invalidArgument("UPDATE of view \(id), which does not exist") }
                var set: [(String, AttributeValue)] = []
                for (position, attribute) in try arrayArgument(mutation.set, mutation.set_count, "mutation.set").enumerated() {
                    let name = try requiredString(attribute.name, "mutation.set[\(position)].name")
                    // An action block reaches hosts as NULL: the view has the event, Frond calls the block.
                    let value = attribute.kind == FROND_ATTRIBUTE_ACTION_BLOCK
                        ? AttributeValue.action("") : try plainAttributeValue(attribute, "mutation.set[\(position)]")
                    set.append((name, value))
                }
                var unset: [String] = []
                for (position, name) in try arrayArgument(mutation.unset, mutation.unset_count, "mutation.unset").enumerated() {
                    unset.append(try requiredString(name, "mutation.unset[\(position)]"))
                }
                for (name, value) in set { views[id]?.attributes[name] = value }
                for name in unset { views[id]?.attributes[name] = nil }
                textChanged.append(id)
                body.element { Self.writeUpdate(&$0, id, set, unset) }
            case FROND_MUTATION_SET_FRAME:
                guard views[id] != nil else { throw .invalidArgument("SET_FRAME of view \(id), which does not exist") }
                let frame = mutation.frame
                if views[id]?.frame.width != frame.width { textChanged.append(id) }
                views[id]?.frame = frame
                body.element { Self.writeFrame(&$0, id, frame) }
            case FROND_MUTATION_INSERT, FROND_MUTATION_MOVE:
                let parent = mutation.parent
                guard id != 0, let current = views[id], let count = views[parent]?.children.count else {
                    throw .invalidArgument("INSERT or MOVE of view \(id) into \(parent): a view does not exist")
                }
                // Checked before anything changes: the place, and no view inside itself.
                let available = current.parent == parent ? count - 1 : count
                guard mutation.index >= 0, mutation.index <= available else {
                    throw .invalidArgument("INSERT or MOVE of view \(id) at \(UInt(bitPattern: mutation.index)), "
                                           + "beyond \(available) children")
                }
                var ancestor: UInt64? = parent
                while let above = ancestor, above != 0 {
                    guard above != id else { throw .invalidArgument("INSERT or MOVE of view \(id) into itself") }
                    ancestor = views[above]?.parent
                }
                // Out of its old place first (a new view has none: no search), in place, not copied.
                if let old = current.parent, let at = views[old]?.children.firstIndex(of: id) {
                    views[old]?.children.remove(at: at)
                }
                views[parent]?.children.insert(id, at: mutation.index)
                views[id]?.parent = parent
                let kind = mutation.kind == FROND_MUTATION_INSERT ? "i" : "m"
                body.element { $0.array { $0.string(kind); $0.number(id); $0.number(parent); $0.number(UInt64(mutation.index)) } }
            case FROND_MUTATION_REMOVE:
                let parent = mutation.parent
                views[parent]?.children.removeAll { $0 == id }
                if views[id]?.parent == parent { views[id]?.parent = nil }
                body.element { $0.array { $0.string("r"); $0.number(id); $0.number(parent) } }
            case FROND_MUTATION_DESTROY:
                if let parent = views[id]?.parent { views[parent]?.children.removeAll { $0 == id } }
                views[id] = nil
                body.element { $0.array { $0.string("d"); $0.number(id) } }
            default:
                throw .invalidArgument("mutation.kind \(mutation.kind.rawValue) is not a frond_mutation_kind")
            }
        }
        var seen = Set<UInt64>()
        for id in textChanged where seen.insert(id).inserted {
            guard let view = views[id] else { continue }
            let lines = textLines(of: view)
            guard lines != view.lines else { continue }
            views[id]?.lines = lines
            // (No lines any more: the page's are taken away.)
            body.element { Self.writeLines(&$0, id, lines ?? TextLines(lines: [], widths: [], ellipsized: false)) }
        }
        if let rootSize, let container = views[0],
           container.frame.width != rootSize.width || container.frame.height != rootSize.height {
            let frame = frond_rect(left: 0, top: 0, width: rootSize.width, height: rootSize.height)
            views[0]?.frame = frame
            body.element { Self.writeFrame(&$0, 0, frame) }
        }
        body.endArray()
        return body.text
    }

    /// The message body that builds the mounted views from nothing: each view created with
    /// its attributes, frame and lines, then inserted, parents before children.
    func replay() -> String {
        var body = JSONWriter()
        body.beginArray()
        var stack: [UInt64] = [0]
        var order: [UInt64] = []
        while let id = stack.popLast() {
            order.append(id)
            stack.append(contentsOf: (views[id]?.children ?? []).reversed())
        }
        for id in order {
            guard let view = views[id] else { continue }
            if id != 0 {
                body.element { $0.array { $0.string("c"); $0.number(id); $0.string(view.type) } }
                if !view.attributes.isEmpty {
                    let set = view.attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    body.element { Self.writeUpdate(&$0, id, set, []) }
                }
            }
            body.element { Self.writeFrame(&$0, id, view.frame) }
            if let lines = view.lines { body.element { Self.writeLines(&$0, id, lines) } }
        }
        for id in order {
            for (index, child) in (views[id]?.children ?? []).enumerated() {
                body.element { $0.array { $0.string("i"); $0.number(child); $0.number(id); $0.number(UInt64(index)) } }
            }
        }
        body.endArray()
        return body.text
    }

    /// Pango's lines of a view with text, at its frame's width (nil: no text, or text
    /// attributes the renderer would refuse; the page then shows no lines).
    private func textLines(of view: MirrorView) -> TextLines? {
        guard view.attributes["text"] != nil,
              let setting = try? Typesetter.textSetting(ofView: view.attributes) else { return nil }
        return try? typesetter.lines(of: setting, width: view.frame.width)
    }

    private static func writeUpdate(_ writer: inout JSONWriter, _ id: UInt64, _ set: [(String, AttributeValue)],
                                    _ unset: [String]) {
        writer.array {
            $0.string("u")
            $0.number(id)
            $0.object {
                for (name, value) in set {
                    $0.key(name)
                    writeValue(&$0, value)
                }
            }
            $0.array { for name in unset { $0.string(name) } }
        }
    }

    private static func writeValue(_ writer: inout JSONWriter, _ value: AttributeValue) {
        switch value {
        case .number(let number): writer.number(number)
        case .bool(let bool): writer.bool(bool)
        case .string(let string): writer.string(string)
        case .color(let color):
            writer.object {
                $0.key("c")
                $0.array { for channel in [color.red, color.green, color.blue, color.alpha] { $0.number(channel) } }
            }
        case .hostValue(let token): writer.object { $0.key("h"); $0.number(token) }
        case .action(let name): writer.object { $0.key("a"); $0.string(name) }
        case .block: writer.object { $0.key("a"); $0.string("") }
        }
    }

    private static func writeFrame(_ writer: inout JSONWriter, _ id: UInt64, _ frame: frond_rect) {
        writer.array {
            $0.string("f")
            $0.number(id)
            for value in [frame.left, frame.top, frame.width, frame.height] { $0.number(value) }
        }
    }

    private static func writeLines(_ writer: inout JSONWriter, _ id: UInt64, _ lines: TextLines) {
        writer.array {
            $0.string("l")
            $0.number(id)
            $0.array { for line in lines.lines { $0.string(line) } }
            $0.bool(lines.ellipsized)
            $0.array { for width in lines.widths { $0.number((width * 100).rounded() / 100) } }
        }
    }
}
