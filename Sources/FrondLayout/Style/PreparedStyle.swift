#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A checked style with what a node keeps of it already worked out (its resolved style,
/// sides and originals), for making many nodes with that style: a list of rows makes the
/// same few styles thousands of times, and checking and resolving each again costs more
/// than recognising it. Immutable, so nodes may share it.
package final class PreparedStyle {
    /// What nodes made with this style share (which keeps the style itself, out of line:
    /// compared in place, without copying it first).
    let nodeStyle: NodeStyle

    /// Checks `style` (as ``LayoutNode/setStyle(_:)`` does) and works out the rest.
    package init(_ style: LayoutStyle) throws(LayoutError) {
        try style.validate()
        nodeStyle = NodeStyle(StyleParts(style), source: style)
    }

    /// Whether the style has `display: contents` (a node made with it reads the same from
    /// ``LayoutNode/hasDisplayContents``).
    package var hasDisplayContents: Bool { nodeStyle.resolved.display == .contents }

    /// Whether this was prepared from `other`, bit for bit (see ``NodeStyle/isMade(from:)``).
    package func isPrepared(from other: inout LayoutStyle) -> Bool {
        nodeStyle.isMade(from: &other)
    }
}
