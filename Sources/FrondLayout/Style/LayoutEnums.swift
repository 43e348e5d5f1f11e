// The keyword-valued style properties. Raw values are the C API's enumerator
// values (include/frond.h), so they must never be renumbered.

/// Inline direction of a node (`direction`).
public enum LayoutDirection: UInt8, Sendable, CaseIterable {
    case inherit = 0, ltr = 1, rtl = 2
}

/// Main axis of a flex container (`flex-direction`).
public enum FlexDirection: UInt8, Sendable, CaseIterable {
    case column = 0, columnReverse = 1, row = 2, rowReverse = 3
}

/// Distribution of free space along the main axis (`justify-content`).
public enum Justify: UInt8, Sendable, CaseIterable {
    case flexStart = 0, center = 1, flexEnd = 2, spaceBetween = 3, spaceAround = 4, spaceEvenly = 5
}

/// Alignment in the cross axis (`align-items`, `align-self`, `align-content`).
public enum Align: UInt8, Sendable, CaseIterable {
    case auto = 0, flexStart = 1, center = 2, flexEnd = 3, stretch = 4, baseline = 5
    case spaceBetween = 6, spaceAround = 7, spaceEvenly = 8
}

/// Positioning scheme (`position`).
public enum PositionType: UInt8, Sendable, CaseIterable {
    case `static` = 0, relative = 1, absolute = 2
}

/// Line wrapping of a flex container (`flex-wrap`).
public enum FlexWrap: UInt8, Sendable, CaseIterable {
    case noWrap = 0, wrap = 1, wrapReverse = 2
}

/// Overflow behaviour (`overflow`); `scroll` changes how children are measured.
public enum Overflow: UInt8, Sendable, CaseIterable {
    case visible = 0, hidden = 1, scroll = 2
}

/// Box generation (`display`).
public enum Display: UInt8, Sendable, CaseIterable {
    case flex = 0, none = 1, contents = 2
}

/// What `width`/`height` measure (`box-sizing`).
public enum BoxSizing: UInt8, Sendable, CaseIterable {
    case borderBox = 0, contentBox = 1
}

/// A side selector for margin, padding, border and position.
///
/// Physical sides and `start`/`end` (resolved with the node's direction) beat
/// `horizontal`/`vertical`, which beat `all`; `start`/`end` beat `left`/`right`.
public enum Edge: UInt8, Sendable, CaseIterable {
    case left = 0, top = 1, right = 2, bottom = 3, start = 4, end = 5, horizontal = 6, vertical = 7, all = 8
}

/// A gap selector: `column` is the gap between columns, `row` between rows.
public enum Gutter: UInt8, Sendable, CaseIterable {
    case column = 0, row = 1, all = 2
}

/// How a measure function must interpret the available size it is given.
public enum MeasureMode: UInt8, Sendable, CaseIterable {
    /// No constraint: the size is NaN; return the content's natural size.
    case undefined = 0
    /// The result must be exactly the given size.
    case exactly = 1
    /// The result may be at most the given size.
    case atMost = 2
}

/// A physical side, used for layout results.
public enum PhysicalEdge: UInt8, Sendable, CaseIterable {
    case left = 0, top = 1, right = 2, bottom = 3
}
