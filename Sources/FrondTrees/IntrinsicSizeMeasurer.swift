import FrondLayout

/// Yoga's test text measurer (`IntrinsicSizeMeasure` in Yoga's tests/util): monospace
/// text where every character is 10×10 points and lines wrap at spaces. Leaves of
/// the conformance corpus with a `measure` key use it.
public struct IntrinsicSizeMeasurer: Sendable {
    public static let characterWidth: Float = 10
    public static let lineHeight: Float = 10

    public let text: String
    /// Characters as the measurer counts them (bytes of the UTF-8 text, as Yoga does).
    private let length: Int
    private let words: [Int]

    /// `node` is the leaf being measured: in a non-column leaf, lines are never narrower
    /// than the longest word.
    public init(text: String, node: LayoutNode) {
        self.text = text
        length = text.utf8.count
        words = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map(\.count)
        weakNode = WeakNode(node)
    }

    private let weakNode: WeakNode

    public func measure(width: Float, widthMode: MeasureMode, height: Float, heightMode: MeasureMode) -> LayoutSize {
        let naturalWidth = Float(length) * Self.characterWidth
        let measuredWidth: Float
        switch widthMode {
        case .exactly: measuredWidth = width
        case .atMost: measuredWidth = min(naturalWidth, width)
        case .undefined: measuredWidth = naturalWidth
        }
        let isColumn = weakNode.node?.style.flexDirection == .column
        let wrapWidth = isColumn ? measuredWidth : max(longestWordWidth, measuredWidth)
        let measuredHeight: Float
        switch heightMode {
        case .exactly: measuredHeight = height
        case .atMost: measuredHeight = min(textHeight(wrappedAt: wrapWidth), height)
        case .undefined: measuredHeight = textHeight(wrappedAt: wrapWidth)
        }
        return LayoutSize(width: measuredWidth, height: measuredHeight)
    }

    private var longestWordWidth: Float {
        Float(words.max() ?? 0) * Self.characterWidth
    }

    /// The height of the text broken into lines no wider than `width`. A word wider than
    /// the line gets a line of its own (and ends the current one).
    private func textHeight(wrappedAt width: Float) -> Float {
        if Float(length) * Self.characterWidth <= width { return Self.lineHeight }
        var lines: Float = 1
        var lineLength: Float = 0
        // A trailing empty word (text ending with a space) is not a word.
        let countedWords = words.last == 0 ? words.dropLast() : words[...]
        for word in countedWords {
            let wordWidth = Float(word) * Self.characterWidth
            if wordWidth > width {
                if lineLength > 0 { lines += 1 }
                lines += 1
                lineLength = 0
            } else if lineLength + wordWidth <= width {
                lineLength += wordWidth + Self.characterWidth
            } else {
                lines += 1
                lineLength = wordWidth + Self.characterWidth
            }
        }
        return (lineLength == 0 ? lines - 1 : lines) * Self.lineHeight
    }
}

/// A weak reference, so that a measure function can look at its own node without
/// keeping it alive.
final class WeakNode: @unchecked Sendable {
    weak var node: LayoutNode?
    init(_ node: LayoutNode) { self.node = node }
}
