/// Deliberate deviations from the CSS specification, kept for compatibility with
/// layouts produced by older engines (Yoga's "errata"). Raw values are the C API's bits.
public struct Errata: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A flex item's basis stretches to the container when the container is measured
    /// with a fit-content main size (Yoga's historic behaviour).
    public static let stretchFlexBasis = Errata(rawValue: 1 << 0)
    /// An absolute child without insets is placed at the container's border edge,
    /// ignoring its padding.
    public static let absolutePositionWithoutInsetsExcludesPadding = Errata(rawValue: 1 << 1)
    /// Percentages on absolute children resolve against the container's inner size.
    public static let absolutePercentAgainstInnerSize = Errata(rawValue: 1 << 2)
    /// Flex items get no automatic minimum size: `min-width: auto` behaves as 0, and free
    /// space is shared with Yoga's two passes. Without it, items whose min main size is
    /// unset or `auto` keep CSS's content-based minimum (see AutomaticMinimum.swift),
    /// flexible lengths are resolved with the specification's loop (SpecFlexibleLengths.swift)
    /// and content-sized flex bases are max-content sizes (FlexBasis.swift).
    public static let minSizeUndefinedInsteadOfAuto = Errata(rawValue: 1 << 3)

    /// No errata: follow the specification. (This also turns on what
    /// ``ExperimentalFeatures/fixFlexBasisFitContent`` does.)
    public static let none: Errata = []
    /// Every erratum.
    public static let all = Errata(rawValue: 0x7FFF_FFFF)
    /// Every erratum but ``stretchFlexBasis``.
    public static let classic = Errata(rawValue: 0x7FFF_FFFE)
}

/// Optional algorithm variants.
public struct ExperimentalFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Recompute explicit flex bases on every pass instead of keeping the first one.
    public static let webFlexBasis = ExperimentalFeatures(rawValue: 1 << 0)
    /// Measure flex-basis children of a scroll container's content without the
    /// container's height as a fit-content bound.
    public static let fixFlexBasisFitContent = ExperimentalFeatures(rawValue: 1 << 1)
}

/// Measures leaves given the node, so that one object serves many leaves (see
/// ``LayoutNode/setMeasuredByLeafMeasurer()``). The arguments are those of
/// ``LayoutNode/MeasureFunction``.
package protocol LeafMeasurer: AnyObject {
    func measure(_ node: LayoutNode, width: Float, widthMode: MeasureMode, height: Float,
                 heightMode: MeasureMode) throws -> LayoutSize
    /// Asks for what measuring `node` reads besides the node (a walk that will measure it
    /// calls this a few nodes ahead: see LayoutNode+Prefetch.swift), in two steps: first
    /// when the node has arrived (asking for the node's fields that lead there), then a
    /// step later (asking for what those lead to). Must only read what earlier steps
    /// asked for, and change nothing.
    func prefetchInputs(of node: LayoutNode, secondStep: Bool)
}

extension LeafMeasurer {
    /// Asks for nothing (a measurer that reads only the node).
    package func prefetchInputs(of node: LayoutNode, secondStep: Bool) {}
}

/// Settings shared by the nodes created with it.
///
/// Changing a setting bumps ``version``; every node using the config then discards
/// its cached layout on the next pass. A config is not thread-safe: change it only
/// while none of its trees is being laid out.
public final class LayoutConfig {
    /// The pixel grid to round results to: 1 rounds to whole points, 2 to half points;
    /// 0 disables rounding. Set it with ``setPointScaleFactor(_:)``, which checks it.
    @exclusivity(unchecked) public private(set) var pointScaleFactor: Float = 1
    /// Web defaults: new nodes get `flex-direction: row`, `align-content: stretch`
    /// and an unset `flex-shrink` resolves to 1.
    @exclusivity(unchecked) public var useWebDefaults: Bool = false { didSet { if oldValue != useWebDefaults { bump() } } }
    /// The errata in effect; a new config carries ``Errata/minSizeUndefinedInsteadOfAuto``
    /// (no automatic minimum size), as Yoga's does.
    @exclusivity(unchecked) public var errata: Errata = .minSizeUndefinedInsteadOfAuto { didSet { if oldValue != errata { bump() } } }
    /// Enabled experimental features.
    @exclusivity(unchecked) public var experimentalFeatures: ExperimentalFeatures = [] {
        didSet { if oldValue != experimentalFeatures { bump() } }
    }

    /// Whether layouts with a content-sized height answer requests for exactly that height
    /// and flex bases may be laid out instead of measured (LayoutCache.swift). Results are
    /// the same either way; tests turn it off to compare.
    @exclusivity(unchecked) var reusesContentSizedLayouts = true {
        didSet { if oldValue != reusesContentSizedLayouts { bump() } }
    }

    /// Whether the top node of a tree made with this config is a container that holds the
    /// tree rather than part of it (the component engine's root): it does not count
    /// towards ``LayoutNode/maximumDepth``, so that a component tree may be that deep.
    @exclusivity(unchecked) package var topIsContainer = false

    /// Layout passes running on trees whose root uses this config. The C API refuses to
    /// change or free the config while it is not 0 (that is, from a layout's callbacks).
    @exclusivity(unchecked) public internal(set) var activeLayouts = 0

    /// Incremented on every change; nodes compare it with the version their cache was built with.
    @exclusivity(unchecked) public private(set) var version: UInt32 = 1

    /// Measures the leaves set up with ``LayoutNode/setMeasuredByLeafMeasurer()`` (the
    /// engine's text measurer). Set it before laying out such a node.
    @exclusivity(unchecked) package var leafMeasurer: (any LeafMeasurer)?

    public init() { modes = Modes(self) }

    /// A config with the given settings.
    public convenience init(pointScaleFactor: Float = 1, useWebDefaults: Bool = false,
                            errata: Errata = .minSizeUndefinedInsteadOfAuto,
                            experimentalFeatures: ExperimentalFeatures = []) throws(LayoutError) {
        self.init()
        try setPointScaleFactor(pointScaleFactor)
        self.useWebDefaults = useWebDefaults
        self.errata = errata
        self.experimentalFeatures = experimentalFeatures
        version = 1
        modes = Modes(self)  // (an initializer's assignments do not call their observers)
    }

    /// Sets the point scale factor after checking it (finite, not negative).
    public func setPointScaleFactor(_ factor: Float) throws(LayoutError) {
        guard factor.isFinite, factor >= 0 else {
            throw LayoutError(.invalidValue, "pointScaleFactor: \(factor) is not a finite number ≥ 0")
        }
        if factor != pointScaleFactor {
            pointScaleFactor = factor
            bump()
        }
    }

    /// Makes every node using this config lay itself out from scratch on its next pass,
    /// as if its style had changed (used by benchmarks that time full layouts).
    public func invalidateLayoutCaches() { bump() }

    private func bump() {
        version &+= 1
        modes = Modes(self)
    }

    /// The settings the algorithm asks about on every node, as flags worked out when a
    /// setting changes (an `Errata` or feature set's `contains` is a call in the hot path).
    @exclusivity(unchecked) private(set) var modes = Modes()

    struct Modes {
        /// Automatic minimum sizes and the specification's flexible lengths (no
        /// ``Errata/minSizeUndefinedInsteadOfAuto``).
        var specFlexibleLengths = false
        /// CSS mode: web defaults with the specification's flexible lengths.
        var intrinsicWidths = false
        /// ``Errata/stretchFlexBasis``.
        var stretchFlexBasis = false
        /// A flex basis measured as browsers do (no errata, or
        /// ``ExperimentalFeatures/fixFlexBasisFitContent``).
        var browserFlexBasis = false

        init() {}

        init(_ config: LayoutConfig) {
            specFlexibleLengths = !config.errata.contains(.minSizeUndefinedInsteadOfAuto)
            intrinsicWidths = config.useWebDefaults && specFlexibleLengths
            stretchFlexBasis = config.errata.contains(.stretchFlexBasis)
            browserFlexBasis = config.errata.isEmpty || config.experimentalFeatures.contains(.fixFlexBasisFitContent)
        }
    }
}
