import Foundation
import FrondLayout

/// An error in a JSON tree description or corpus file; the message names the place
/// (file, case, and the path inside the JSON).
public struct CorpusError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Builds layout trees from the JSON node format of the conformance corpus
/// (Tests/Fixtures/FORMAT.md): `{"style": {...}, "children": [...], "measure": {...}}`.
public enum TreeDescription {
    /// Parses JSON data into a Foundation object, reporting syntax errors with their position.
    public static func parseJSON(_ data: Data, source: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw CorpusError("\(source): malformed JSON: \(detail)")
        }
    }

    /// Reads and parses a JSON file.
    public static func loadJSON(path: String) throws -> Any {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CorpusError("\(path): cannot read the file")
        }
        return try parseJSON(data, source: path)
    }

    /// The engine config described by a CONFIG object (absent keys take Yoga's defaults).
    public static func config(from json: Any?, path: String) throws -> LayoutConfig {
        let config = LayoutConfig()
        guard let json, !(json is NSNull) else { return config }
        guard let object = json as? [String: Any] else { throw CorpusError("\(path): expected an object") }
        for (key, value) in object {
            let place = "\(path).\(key)"
            switch key {
            case "useWebDefaults":
                config.useWebDefaults = try bool(value, place)
            case "pointScaleFactor":
                do { try config.setPointScaleFactor(try float(value, place)) } catch let error as LayoutError {
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
    public static func node(from json: Any, config: LayoutConfig, path: String = "root") throws -> LayoutNode {
        try node(from: json, config: config, path: path, depth: 1)
    }

    private static func node(from json: Any, config: LayoutConfig, path: String, depth: Int) throws -> LayoutNode {
        guard depth <= LayoutNode.maximumDepth else {
            throw CorpusError("\(path): the tree is deeper than \(LayoutNode.maximumDepth) nodes")
        }
        guard let object = json as? [String: Any] else { throw CorpusError("\(path): expected a node object") }
        let node = LayoutNode(config: config)
        for key in object.keys where !["style", "children", "measure"].contains(key) {
            throw CorpusError("\(path).\(key): unknown node key")
        }
        if let styleJSON = object["style"] {
            guard let styleObject = styleJSON as? [String: Any] else {
                throw CorpusError("\(path).style: expected an object")
            }
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
            guard let measureObject = measure as? [String: Any] else {
                throw CorpusError("\(path).measure: expected an object")
            }
            let function = try string(measureObject["function"] as Any, "\(path).measure.function")
            guard function == "IntrinsicSizeMeasure" else {
                throw CorpusError("\(path).measure.function: unknown measure function \"\(function)\"")
            }
            let text = try string(measureObject["text"] as Any, "\(path).measure.text")
            let measurer = IntrinsicSizeMeasurer(text: text, node: node)
            do { try node.setMeasureFunction(measurer.measure) } catch {
                throw CorpusError("\(path).measure: \(error.message)")
            }
        }
        return node
    }

    /// A style built from a STYLE object on top of `base` (the node's defaults).
    public static func style(from object: [String: Any], base: LayoutStyle, path: String) throws -> LayoutStyle {
        var style = base
        for (key, value) in object {
            let place = "\(path).\(key)"
            switch key {
            case "display": style.display = try keyword(value, place, displays)
            case "positionType": style.positionType = try keyword(value, place, positionTypes)
            case "direction": style.direction = try keyword(value, place, directions)
            case "flexDirection": style.flexDirection = try keyword(value, place, flexDirections)
            case "flexWrap": style.flexWrap = try keyword(value, place, wraps)
            case "justifyContent": style.justifyContent = try keyword(value, place, justifications)
            case "alignItems": style.alignItems = try keyword(value, place, alignments)
            case "alignSelf": style.alignSelf = try keyword(value, place, selfAlignments)
            case "alignContent": style.alignContent = try keyword(value, place, contentAlignments)
            case "boxSizing": style.boxSizing = try keyword(value, place, boxSizings)
            case "overflow": style.overflow = try keyword(value, place, overflows)
            case "flexGrow": style.flexGrow = try float(value, place)
            case "flexShrink": style.flexShrink = try float(value, place)
            case "flex": style.flex = try float(value, place)
            case "aspectRatio": style.aspectRatio = try float(value, place)
            case "flexBasis": style.flexBasis = try length(value, place, keywords: sizeKeywords)
            case "width": style.width = try length(value, place, keywords: sizeKeywords)
            case "height": style.height = try length(value, place, keywords: sizeKeywords)
            case "minWidth": style.minWidth = try length(value, place, keywords: sizeKeywords)
            case "minHeight": style.minHeight = try length(value, place, keywords: sizeKeywords)
            case "maxWidth": style.maxWidth = try length(value, place, keywords: maxKeywords)
            case "maxHeight": style.maxHeight = try length(value, place, keywords: maxKeywords)
            case "margin": style.margin = try edges(value, place, keywords: ["auto": .auto])
            case "padding": style.padding = try edges(value, place, keywords: [:])
            case "border": style.border = try edges(value, place, keywords: [:])
            case "position": style.position = try edges(value, place, keywords: ["auto": .undefined])
            case "gap":
                let object = try dictionary(value, place)
                var gaps = GutterValues()
                for (gutterName, gutterValue) in object {
                    guard let gutter = gutters[gutterName] else {
                        throw CorpusError("\(place).\(gutterName): unknown gap selector")
                    }
                    gaps[gutter] = try length(gutterValue, "\(place).\(gutterName)", keywords: [:])
                }
                style.gap = gaps
            default:
                throw CorpusError("\(place): unknown style key")
            }
        }
        return style
    }

    // MARK: Value parsing

    static func length(_ value: Any, _ place: String, keywords: [String: LayoutValue]) throws -> LayoutValue {
        if let text = value as? String {
            if let keyword = keywords[text] { return keyword }
            if text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite {
                return .percent(Float(number))
            }
            throw CorpusError("\(place): \"\(text)\" is not a valid value here")
        }
        return .points(try float(value, place))
    }

    static func edges(_ value: Any, _ place: String, keywords: [String: LayoutValue]) throws -> EdgeValues {
        var result = EdgeValues()
        for (edgeName, edgeValue) in try dictionary(value, place) {
            guard let edge = edgeNames[edgeName] else { throw CorpusError("\(place).\(edgeName): unknown edge") }
            result[edge] = try length(edgeValue, "\(place).\(edgeName)", keywords: keywords)
        }
        return result
    }

    static func keyword<T>(_ value: Any, _ place: String, _ table: [String: T]) throws -> T {
        let text = try string(value, place)
        guard let result = table[text] else {
            throw CorpusError("\(place): unknown value \"\(text)\" (expected one of \(table.keys.sorted().joined(separator: ", ")))")
        }
        return result
    }

    static func float(_ value: Any, _ place: String) throws -> Float {
        guard !isJSONBool(value), let number = value as? Double else { throw CorpusError("\(place): expected a number") }
        guard number.isFinite, abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw CorpusError("\(place): \(number) is not a finite number")
        }
        return Float(number)
    }

    static func bool(_ value: Any, _ place: String) throws -> Bool {
        guard isJSONBool(value), let flag = value as? Bool else {
            throw CorpusError("\(place): expected true or false")
        }
        return flag
    }

    /// True for JSON `true`/`false` (Foundation bridges the numbers 0 and 1 to Bool too,
    /// so the boxed type tells them apart).
    static func isJSONBool(_ value: Any) -> Bool {
        if let number = value as? NSNumber, !(value is Bool && type(of: value) == Bool.self) {
            return String(cString: number.objCType) == "c"
        }
        return value is Bool
    }

    static func string(_ value: Any, _ place: String) throws -> String {
        guard let text = value as? String else { throw CorpusError("\(place): expected a string") }
        return text
    }

    static func array(_ value: Any, _ place: String) throws -> [Any] {
        guard let items = value as? [Any] else { throw CorpusError("\(place): expected an array") }
        return items
    }

    static func dictionary(_ value: Any, _ place: String) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw CorpusError("\(place): expected an object") }
        return object
    }

    // MARK: Vocabulary

    static let sizeKeywords: [String: LayoutValue] = [
        "auto": .auto, "max-content": .maxContent, "fit-content": .fitContent, "stretch": .stretch,
    ]
    static let maxKeywords: [String: LayoutValue] = [
        "none": .undefined, "max-content": .maxContent, "fit-content": .fitContent, "stretch": .stretch,
    ]
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
