import CFrond
import Frond
import FrondLayout

// A Swift text measurer given to libfrond through its C API (a root's
// frond_root_set_text_measurer, a list's frond_list_config.text_measure), as the libraries
// built on it do (libfrond_cairo's and libfrond_web's Pango measurers).

/// A measurer and how its errors become statuses, kept as the C measurer's user_data.
package final class MeasurerBinding: @unchecked Sendable {
    let measurer: any TextMeasurer
    let name: StaticString
    let failure: @Sendable (any Error) -> CallFailure

    package init(_ measurer: any TextMeasurer, _ name: StaticString, _ failure: @escaping @Sendable (any Error) -> CallFailure) {
        self.measurer = measurer
        self.name = name
        self.failure = failure
    }

    /// The C measurer whose user_data is a MeasurerBinding (unretained): thread-safe when
    /// the binding's measurer is.
    package static let function: frond_text_measure_func = { text, style, width, widthMode, height, heightMode, outSize, userData in
        guard let userData else { return FROND_ERR_INTERNAL }
        let binding = Unmanaged<MeasurerBinding>.fromOpaque(userData).takeUnretainedValue()
        return call(binding.name) { () throws(CallFailure) in
            let out = try requireOut(outSize)
            let string = try requiredString(text, "text")
            let textStyle = try FrondCAPISupport.textStyle(style)
            guard let widthMode = MeasureMode(rawValue: UInt8(truncatingIfNeeded: widthMode.rawValue)),
                  let heightMode = MeasureMode(rawValue: UInt8(truncatingIfNeeded: heightMode.rawValue)) else {
                throw .invalidArgument("a measure mode is not a frond_measure_mode")
            }
            do {
                let size = try binding.measurer.measure(string, style: textStyle, width: width, widthMode: widthMode,
                                                        height: height, heightMode: heightMode)
                out.pointee = frond_size(width: size.width, height: size.height)
            } catch {
                throw binding.failure(error)
            }
        }
    }
}

/// Makes `measurer` the root's C text measurer (`name` prefixes its failures' messages;
/// `failure` turns what the measurer throws into a status and message).
package func setTextMeasurer(_ measurer: any TextMeasurer, on rootHandle: OpaquePointer?, name: StaticString,
                             failure: @escaping @Sendable (any Error) -> CallFailure) throws(CallFailure) {
    let binding = Unmanaged.passRetained(MeasurerBinding(measurer, name, failure)).toOpaque()
    let status = frond_root_set_text_measurer(rootHandle, MeasurerBinding.function, binding) { pointer in
        if let pointer { Unmanaged<MeasurerBinding>.fromOpaque(pointer).release() }
    }
    // On failure libfrond has called the destroy function (the binding is gone).
    guard status == FROND_OK else { throw CallFailure(status, String(cString: frond_last_error_message())) }
}
