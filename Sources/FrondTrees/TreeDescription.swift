import FrondLayout
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error in a JSON tree description or corpus file; the message names the place
/// (file, case, and the path inside the JSON).
public struct CorpusError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// Whether the description is refused for reaching a limit (a tree deeper than
    /// ``LayoutNode/maximumDepth``, JSON nested deeper than ``JSONParser/maximumNesting``)
    /// rather than for a mistake.
    public let isLimit: Bool

    /// Messages quote the input; a huge key or value is cut short.
    public init(_ message: String, isLimit: Bool = false) {
        self.isLimit = isLimit
        let limit = 1000
        self.message = message.count <= limit ? message
            : message.prefix(limit) + "… (\(message.count - limit) more characters)"
    }
    public var description: String { message }
}

/// Builds layout trees from the JSON node format of the conformance corpus
/// (Tests/Fixtures/FORMAT.md): `{"style": {...}, "children": [...], "measure": {...}}`.
/// ``ComponentTreeDescription`` reads the same format, with keys for components, into
/// component trees.
public enum TreeDescription {
    /// Reads and parses a JSON file.
    public static func loadJSON(path: String) throws(CorpusError) -> JSON {
        guard let bytes = readFile(path) else { throw CorpusError("\(path): cannot read the file") }
        return try JSONParser.parse(bytes, source: path)
    }

    /// A file's bytes, or nil when it cannot be opened or read (the C library's stdio: this
    /// module, which the C library links, leaves Foundation out).
    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes.append(contentsOf: chunk[0..<count])
            if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }

    /// The engine config described by a CONFIG object (absent keys take Yoga's defaults).
    public static func config(from json: JSON?, path: String) throws(CorpusError) -> LayoutConfig {
        let config = LayoutConfig()
        guard let json, json != .null else { return config }
        let object = try dictionary(json, path)
        for (key, value) in object {
            let place = "\(path).\(key)"
            switch key {
            case "useWebDefaults":
                config.useWebDefaults = try bool(value, place)
            case "pointScaleFactor":
                let factor = try float(value, place)
                do { try config.setPointScaleFactor(factor) } catch {
                    throw CorpusError("\(place): \(error.message)")
                }
            case "errata":
                var errata = Errata()
                for (index, item) in try array(value, place).enumerated() {
                    let name = try string(item, "\(place)[\(index)]")
                    guard let bit = errataNames[name] else {
                        throw CorpusError("\(place)[\(index)]: unknown erratum \"\(name)\"")
                    }
                    errata.insert(bit)
                }
                config.errata = errata
            case "experimentalFeatures":
                var features = ExperimentalFeatures()
                for (index, item) in try array(value, place).enumerated() {
                    let name = try string(item, "\(place)[\(index)]")
                    guard let bit = featureNames[name] else {
                        throw CorpusError("\(place)[\(index)]: unknown experimental feature \"\(name)\"")
                    }
                    features.insert(bit)
                }
                config.experimentalFeatures = features
            default:
                throw CorpusError("\(place): unknown config key")
            }
        }
        return config
    }

    /// Builds the tree of a NODE object. Leaves with a `measure` key get the named
    /// measure function (only `IntrinsicSizeMeasure`, Yoga's test text measurer).
    public static func node(from json: JSON, config: LayoutConfig, path: String = "root") throws(CorpusError) -> LayoutNode {
        try node(from: json, config: config, path: path, depth: 1)
    }

    private static func node(from json: JSON, config: LayoutConfig, path: String,
                             depth: Int) throws(CorpusError) -> LayoutNode {
        guard depth <= LayoutNode.maximumDepth else {
            let place = path.count > 120 ? "\(path.prefix(40))…\(path.suffix(60))" : path
            throw CorpusError("\(place) (depth \(depth)): the tree is deeper than \(LayoutNode.maximumDepth) nodes", isLimit: true)
        }
        guard case .object(let object) = json else { throw CorpusError("\(path): expected a node object") }
        let node = LayoutNode(config: config)
        for key in object.keys where !["style", "children", "measure"].contains(key) {
            throw CorpusError("\(path).\(key): unknown node key")
        }
        if let styleJSON = object["style"] {
            let styleObject = try dictionary(styleJSON, "\(path).style")
            let style = try style(from: styleObject, base: node.style, path: "\(path).style")
            do { try node.setStyle(style) } catch {
                throw CorpusError("\(path).style.\(error.message)")
            }
        }
        if let children = object["children"] {
            for (index, child) in try array(children, "\(path).children").enumerated() {
                let childPath = "\(path).children[\(index)]"
                let childNode = try self.node(from: child, config: config, path: childPath, depth: depth + 1)
                do { try node.appendChild(childNode) } catch {
                    throw CorpusError("\(childPath): \(error.message)")
                }
            }
        }
        if let measure = object["measure"] {
            let measureObject = try dictionary(measure, "\(path).measure")
            let function = try string(measureObject["function"] ?? .null, "\(path).measure.function")
            guard function == "IntrinsicSizeMeasure" else {
                throw CorpusError("\(path).measure.function: unknown measure function \"\(function)\"")
            }
            let text = try string(measureObject["text"] ?? .null, "\(path).measure.text")
            let measurer = IntrinsicSizeMeasurer(text: text, node: node)
            do { try node.setMeasureFunction(measurer.measure) } catch {
                throw CorpusError("\(path).measure: \(error.message)")
            }
        }
        return node
    }

    /// A style built from a STYLE object on top of `base` (the node's defaults).
    public static func style(from object: [String: JSON], base: LayoutStyle,
                             path: @autoclosure () -> String) throws(CorpusError) -> LayoutStyle {
        var style = base
        for (key, value) in object {
            // (Places are spelled out only for messages.)
            func place() -> String { "\(path()).\(key)" }
            switch key {
            case "display": style.display = try keyword(value, place(), displays)
            case "positionType": style.positionType = try keyword(value, place(), positionTypes)
            case "direction": style.direction = try keyword(value, place(), directions)
            case "flexDirection": style.flexDirection = try keyword(value, place(), flexDirections)
            case "flexWrap": style.flexWrap = try keyword(value, place(), wraps)
            case "justifyContent": style.justifyContent = try keyword(value, place(), justifications)
            case "alignItems": style.alignItems = try keyword(value, place(), alignments)
            case "alignSelf": style.alignSelf = try keyword(value, place(), selfAlignments)
            case "alignContent": style.alignContent = try keyword(value, place(), contentAlignments)
            case "boxSizing": style.boxSizing = try keyword(value, place(), boxSizings)
            case "overflow": style.overflow = try keyword(value, place(), overflows)
            case "flexGrow": style.flexGrow = try float(value, place())
            case "flexShrink": style.flexShrink = try float(value, place())
            case "flex": style.flex = try float(value, place())
            case "aspectRatio": style.aspectRatio = try float(value, place())
            case "flexBasis": style.flexBasis = try length(value, place(), keywords: sizeKeywords)
            case "width": style.width = try length(value, place(), keywords: sizeKeywords)
            case "height": style.height = try length(value, place(), keywords: sizeKeywords)
            case "minWidth": style.minWidth = try length(value, place(), keywords: sizeKeywords)
            case "minHeight": style.minHeight = try length(value, place(), keywords: sizeKeywords)
            case "maxWidth": style.maxWidth = try length(value, place(), keywords: maxKeywords)
            case "maxHeight": style.maxHeight = try length(value, place(), keywords: maxKeywords)
            case "margin": style.margin = try edges(value, place(), keywords: marginKeywords)
            case "padding": style.padding = try edges(value, place(), keywords: [:])
            case "border": style.border = try edges(value, place(), keywords: [:])
            case "position": style.position = try edges(value, place(), keywords: positionKeywords)
            case "gap":
                let object = try dictionary(value, place())
                var gaps = GutterValues()
                for (gutterName, gutterValue) in object {
                    guard let gutter = gutters[gutterName] else {
                        throw CorpusError("\(place()).\(gutterName): unknown gap selector")
                    }
                    gaps[gutter] = try length(gutterValue, "\(place()).\(gutterName)", keywords: [:])
                }
                style.gap = gaps
            default:
                throw CorpusError("\(place()): unknown style key")
            }
        }
        return style
    }

    // MARK: Value parsing

    public static func length(_ value: JSON, _ place: @autoclosure () -> String, keywords: [String: LayoutValue]) throws(CorpusError) -> LayoutValue {
        if case .string(let text) = value {
            if let keyword = keywords[text] { return keyword }
            if text.hasSuffix("%"), isDecimalNumber(text.utf8.dropLast()), let number = Double(text.dropLast()) {
                guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
                    throw CorpusError("\(place()): \"\(text.prefix(40))\" is out of range")
                }
                return .percent(Float(number))
            }
            throw CorpusError("\(place()): \"\(text.prefix(40))\" is not a valid value here")
        }
        return .points(try float(value, place()))
    }

    /// A CSS-style decimal number: an optional sign, digits with an optional fraction (or
    /// a fraction alone), an optional exponent. No hexadecimal, no `inf` or `nan`.
    static func isDecimalNumber(_ text: Substring.UTF8View) -> Bool {
        var index = text.startIndex
        func digits() -> Int {
            var count = 0
            while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        func skip(_ characters: String) {
            if index < text.endIndex, characters.utf8.contains(text[index]) { index = text.index(after: index) }
        }
        skip("+-")
        var mantissa = digits()
        if index < text.endIndex && text[index] == UInt8(ascii: ".") {
            index = text.index(after: index)
            let fraction = digits()
            guard fraction > 0 else { return false }
            mantissa += fraction
        }
        guard mantissa > 0 else { return false }
        if index < text.endIndex && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            index = text.index(after: index)
            skip("+-")
            guard digits() > 0 else { return false }
        }
        return index == text.endIndex
    }

    public static func edges(_ value: JSON, _ place: @autoclosure () -> String, keywords: [String: LayoutValue]) throws(CorpusError) -> EdgeValues {
        var result = EdgeValues()
        for (edgeName, edgeValue) in try dictionary(value, place()) {
            guard let edge = edgeNames[edgeName] else { throw CorpusError("\(place()).\(edgeName): unknown edge") }
            result[edge] = try length(edgeValue, "\(place()).\(edgeName)", keywords: keywords)
        }
        return result
    }

    public static func keyword<T>(_ value: JSON, _ place: @autoclosure () -> String, _ table: [String: T]) throws(CorpusError) -> T {
        let text = try string(value, place())
        guard let result = table[text] else {
            throw CorpusError("\(place()): unknown value \"\(text)\" (expected one of \(table.keys.sorted().joined(separator: ", ")))")
        }
        return result
    }

    public static func float(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> Float {
        guard case .number(let number) = value else { throw CorpusError("\(place()): expected a number, not \(value.kindName)") }
        guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw CorpusError("\(place()): \(number) is out of range")
        }
        return Float(number)
    }

    public static func bool(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> Bool {
        guard case .bool(let flag) = value else { throw CorpusError("\(place()): expected true or false") }
        return flag
    }

    public static func string(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> String {
        guard case .string(let text) = value else { throw CorpusError("\(place()): expected a string, not \(value.kindName)") }
        return text
    }

    public static func array(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> [JSON] {
        guard case .array(let items) = value else { throw CorpusError("\(place()): expected an array, not \(value.kindName)") }
        return items
    }

    public static func dictionary(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> [String: JSON] {
        guard case .object(let object) = value else { throw CorpusError("\(place()): expected an object, not \(value.kindName)") }
        return object
    }

    // MARK: Vocabulary

    static let sizeKeywords: [String: LayoutValue] = [
        "auto": .auto, "max-content": .maxContent, "fit-content": .fitContent, "stretch": .stretch,
    ]
    static let maxKeywords: [String: LayoutValue] = [
        "none": .undefined, "max-content": .maxContent, "fit-content": .fitContent, "stretch": .stretch,
    ]
    static let marginKeywords: [String: LayoutValue] = ["auto": .auto]
    static let positionKeywords: [String: LayoutValue] = ["auto": .undefined]
    static let displays: [String: Display] = ["flex": .flex, "none": .none, "contents": .contents]
    static let positionTypes: [String: PositionType] = ["static": .static, "relative": .relative, "absolute": .absolute]
    static let directions: [String: LayoutDirection] = ["inherit": .inherit, "ltr": .ltr, "rtl": .rtl]
    static let flexDirections: [String: FlexDirection] = [
        "column": .column, "column-reverse": .columnReverse, "row": .row, "row-reverse": .rowReverse,
    ]
    static let wraps: [String: FlexWrap] = ["nowrap": .noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse]
    static let justifications: [String: Justify] = [
        "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
        "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
    ]
    static let alignments: [String: Align] = [
        "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch, "baseline": .baseline,
    ]
    static let selfAlignments: [String: Align] = alignments.merging(["auto": .auto]) { first, _ in first }
    static let contentAlignments: [String: Align] = [
        "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
        "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
    ]
    static let boxSizings: [String: BoxSizing] = ["border-box": .borderBox, "content-box": .contentBox]
    static let overflows: [String: Overflow] = ["visible": .visible, "hidden": .hidden, "scroll": .scroll]
    static let edgeNames: [String: Edge] = [
        "left": .left, "top": .top, "right": .right, "bottom": .bottom, "start": .start, "end": .end,
        "horizontal": .horizontal, "vertical": .vertical, "all": .all,
    ]
    static let gutters: [String: Gutter] = ["column": .column, "row": .row, "all": .all]
    static let errataNames: [String: Errata] = [
        "stretch-flex-basis": .stretchFlexBasis,
        "absolute-position-without-insets-excludes-padding": .absolutePositionWithoutInsetsExcludesPadding,
        "absolute-percent-against-inner-size": .absolutePercentAgainstInnerSize,
        "min-size-undefined-instead-of-auto": .minSizeUndefinedInsteadOfAuto,
        "all": .all, "classic": .classic, "none": .none,
    ]
    static let featureNames: [String: ExperimentalFeatures] = [
        "web-flex-basis": .webFlexBasis, "fix-flex-basis-fit-content": .fixFlexBasisFitContent,
    ]
}
