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

    public func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode, height: Float,
                        heightMode: MeasureMode) -> LayoutSize {
        typesetter.measure(TextSetting(text: text, style: style), width: width, widthMode: widthMode, height: height,
                           heightMode: heightMode)
    }
}
