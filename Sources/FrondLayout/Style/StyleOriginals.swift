/// The values of a node's style that ``ResolvedStyle`` keeps only in processed form: the
/// sizes, the aspect ratio and the gaps as they were set.
///
/// A node does not store its ``LayoutStyle`` whole: the resolved style holds the other
/// properties exactly as set, ``ResolvedSides`` the margins, paddings, borders and
/// insets, and these the rest, so ``LayoutNode/style`` is rebuilt from the three (equal,
/// bit for bit, to the style that was set).
struct StyleOriginals {
    var width = LayoutValue.auto
    var height = LayoutValue.auto
    var aspectRatio: Float?
    var gap = GutterValues()

    init(_ style: LayoutStyle) {
        width = style.width
        height = style.height
        aspectRatio = style.aspectRatio
        gap = style.gap
    }
}

/// What a node keeps of a checked style: its sides, its resolved facts and the originals
/// (see ``StyleOriginals``), worked out in one place for every way a node gets a style.
struct StyleParts {
    let sides: ResolvedSides?
    let originals: StyleOriginals
    let resolved: ResolvedStyle

    init(_ style: LayoutStyle) {
        sides = ResolvedSides.of(style)
        originals = StyleOriginals(style)
        resolved = ResolvedStyle(style, sides: sides)
    }
}

extension LayoutStyle {
    /// The style a node was given, rebuilt from what the node keeps of it.
    init(resolved: ResolvedStyle, sides: ResolvedSides?, originals: StyleOriginals) {
        self.init()
        direction = resolved.direction
        flexDirection = resolved.flexDirection
        justifyContent = resolved.justifyContent
        alignContent = resolved.alignContent
        alignItems = resolved.alignItems
        alignSelf = resolved.alignSelf
        positionType = resolved.positionType
        flexWrap = resolved.flexWrap
        overflow = resolved.overflow
        display = resolved.display
        boxSizing = resolved.boxSizing
        flex = resolved.flex
        flexGrow = resolved.flexGrow
        flexShrink = resolved.flexShrink
        flexBasis = resolved.flexBasis
        width = originals.width
        height = originals.height
        minWidth = resolved.minWidth
        minHeight = resolved.minHeight
        maxWidth = resolved.maxWidth
        maxHeight = resolved.maxHeight
        aspectRatio = originals.aspectRatio
        if let sides {
            margin = sides.margin
            padding = sides.padding
            border = sides.border
            position = sides.position
        }
        gap = originals.gap
    }
}
