import FrondCAPISupport
import CFrond
import FrondLayout

/// The error a C callback reports by returning a status other than FROND_OK.
struct CallbackStatus: Error, CustomStringConvertible {
    let status: frond_status
    /// "returned STATUS", with the cause the callback met (see ``CallbackCall``).
    let description: String

    init(_ status: frond_status, _ call: CallbackCall) {
        self.status = status
        description = call.failure("", status)
    }
}

@_cdecl("frond_node_set_measure_func") @implementation
public func frond_node_set_measure_func(_ handle: OpaquePointer?, _ measure: frond_measure_func?,
                                        _ userData: UnsafeMutableRawPointer?,
                                        _ destroy: frond_destroy_func?) -> frond_status {
    // The owner is created first so that destroy runs exactly once whatever happens; on
    // failure it runs when `registerMeasure` returns, before the message is recorded.
    report("frond_node_set_measure_func", registerMeasure(handle, measure, CallbackOwner(userData, destroy)))
}

private func registerMeasure(_ handle: OpaquePointer?, _ measure: frond_measure_func?,
                             _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let target = try node(handle)
        guard let measure else {
            try engine { () throws(LayoutError) in try target.setMeasureFunction(nil) }
            return
        }
        let nodeHandle = OpaquePointer(handle: target.tag)
        try engine { () throws(LayoutError) in
            try target.setMeasureFunction { width, widthMode, height, heightMode in
                var size = frond_size(width: 0, height: 0)
                let call = CallbackCall()
                let status = measure(nodeHandle, width, widthMode.cValue, height, heightMode.cValue, &size, owner.userData)
                guard status == FROND_OK else { throw CallbackStatus(status, call) }
                return LayoutSize(width: size.width, height: size.height)
            }
        }
    }
}

@_cdecl("frond_node_has_measure_func") @implementation
public func frond_node_has_measure_func(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_has_measure_func") { () throws(CallFailure) in
        try write(try node(handle).hasMeasureFunction, to: out)
    }
}

@_cdecl("frond_node_set_baseline_func") @implementation
public func frond_node_set_baseline_func(_ handle: OpaquePointer?, _ baseline: frond_baseline_func?,
                                         _ userData: UnsafeMutableRawPointer?,
                                         _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_node_set_baseline_func", registerBaseline(handle, baseline, CallbackOwner(userData, destroy)))
}

private func registerBaseline(_ handle: OpaquePointer?, _ baseline: frond_baseline_func?,
                              _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let target = try node(handle)
        guard let baseline else {
            try engine { () throws(LayoutError) in try target.setBaselineFunction(nil) }
            return
        }
        let nodeHandle = OpaquePointer(handle: target.tag)
        try engine { () throws(LayoutError) in
            try target.setBaselineFunction { width, height in
                var result: Float = 0
                let call = CallbackCall()
                let status = baseline(nodeHandle, width, height, &result, owner.userData)
                guard status == FROND_OK else { throw CallbackStatus(status, call) }
                return result
            }
        }
    }
}

@_cdecl("frond_node_has_baseline_func") @implementation
public func frond_node_has_baseline_func(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_has_baseline_func") { () throws(CallFailure) in
        try write(try node(handle).hasBaselineFunction, to: out)
    }
}

@_cdecl("frond_node_set_is_reference_baseline") @implementation
public func frond_node_set_is_reference_baseline(_ handle: OpaquePointer?, _ isReference: Bool) -> frond_status {
    call("frond_node_set_is_reference_baseline") { () throws(CallFailure) in
        let target = try node(handle)
        try engine { () throws(LayoutError) in try target.setReferenceBaseline(isReference) }
    }
}

@_cdecl("frond_node_get_is_reference_baseline") @implementation
public func frond_node_get_is_reference_baseline(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_get_is_reference_baseline") { () throws(CallFailure) in
        try write(try node(handle).isReferenceBaseline, to: out)
    }
}

@_cdecl("frond_node_mark_dirty") @implementation
public func frond_node_mark_dirty(_ handle: OpaquePointer?) -> frond_status {
    call("frond_node_mark_dirty") { () throws(CallFailure) in
        let target = try node(handle)
        try engine { () throws(LayoutError) in try target.markDirty() }
    }
}

@_cdecl("frond_node_is_dirty") @implementation
public func frond_node_is_dirty(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_is_dirty") { () throws(CallFailure) in
        try write(try node(handle).isDirty, to: out)
    }
}
