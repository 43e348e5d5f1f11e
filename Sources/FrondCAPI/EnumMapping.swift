import FrondCAPISupport
import CFrond
import FrondLayout

/// Converts a C enumerator to the engine's enum, refusing unknown values.
@inline(__always)
func engineEnum<E: RawRepresentable>(_ raw: UInt32, _ type: E.Type, _ name: String) throws(CallFailure) -> E
where E.RawValue == UInt8 {
    guard let small = UInt8(exactly: raw), let value = E(rawValue: small) else {
        throw .invalidArgument("\(raw) is not a valid \(name)")
    }
    return value
}

/// A style length from a C value and unit.
@inline(__always)
func lengthValue(_ value: Float, _ unit: frond_unit, unset: LayoutValue = .undefined) throws(CallFailure) -> LayoutValue {
    let unit = try engineEnum(unit.rawValue, LayoutUnit.self, "frond_unit")
    // FROND_UNIT_UNDEFINED resets the property to its default, whatever the value.
    return unit == .undefined ? unset : LayoutValue(value: value, unit: unit)
}

extension frond_value {
    init(_ value: LayoutValue) {
        self.init(value: value.value, unit: frond_unit(rawValue: UInt32(value.unit.rawValue)))
    }
}

extension MeasureMode {
    var cValue: frond_measure_mode { frond_measure_mode(rawValue: UInt32(rawValue)) }
}

extension LayoutDirection {
    var cValue: frond_direction { frond_direction(rawValue: UInt32(rawValue)) }
}
