import Frond

/// A text measurer for roots whose views the Cairo renderer draws: it sets each ``Text``
/// with the same ``Typesetter`` the renderer draws it with, so the frames the layout gives
/// hold exactly the drawn lines. Give it to a root (`Root(sizeRange:host:textMeasurer:)`
/// or `root.textMeasurer = …`); a ``SnapshotHost`` does so when it is attached.
public struct PangoTextMeasurer: TextMeasurer {
    public let typesetter: Typesetter

    public init(typesetter: Typesetter = Typesetter()) {
        self.typesetter = typesetter
    }

    /// Throws ``RenderError`` for a font size or line height above
    /// ``Typesetter/maximumFontSize`` (the flush then fails).
    public func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode, height: Float,
                        heightMode: MeasureMode) throws -> LayoutSize {
        try typesetter.measure(TextSetting(text: text, style: style), width: width, widthMode: widthMode, height: height,
                               heightMode: heightMode)
    }
}
