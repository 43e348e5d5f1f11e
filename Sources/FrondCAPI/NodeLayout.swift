import FrondCAPISupport
import CFrond
import FrondLayout

@_cdecl("frond_node_calculate_layout") @implementation
public func frond_node_calculate_layout(_ handle: OpaquePointer?, _ availableWidth: Float, _ availableHeight: Float,
                                        _ ownerDirection: frond_direction) -> frond_status {
    call("frond_node_calculate_layout") { () throws(CallFailure) in
        let root = try node(handle)
        let direction = try engineEnum(ownerDirection.rawValue, LayoutDirection.self, "frond_direction")
        // NaN (FROND_UNDEFINED) leaves an axis unconstrained; the engine refuses other non-finite values.
        let width: Float? = availableWidth.isNaN ? nil : availableWidth
        let height: Float? = availableHeight.isNaN ? nil : availableHeight
        try engine { () throws(LayoutError) in
            _ = try root.calculateLayout(width: width, height: height, direction: direction)
        }
    }
}

@_cdecl("frond_node_calculate_layout_counted") @implementation
public func frond_node_calculate_layout_counted(_ outStatistics: UnsafeMutablePointer<frond_layout_statistics>?,
                                                _ handle: OpaquePointer?, _ availableWidth: Float,
                                                _ availableHeight: Float,
                                                _ ownerDirection: frond_direction) -> frond_status {
    call("frond_node_calculate_layout_counted") { () throws(CallFailure) in
        let out = try requireOut(outStatistics)
        try checkStructSize(out.pointee.struct_size, of: frond_layout_statistics.self, "out_statistics")
        let root = try node(handle)
        let direction = try engineEnum(ownerDirection.rawValue, LayoutDirection.self, "frond_direction")
        let width: Float? = availableWidth.isNaN ? nil : availableWidth
        let height: Float? = availableHeight.isNaN ? nil : availableHeight
        let statistics = try engine { () throws(LayoutError) in
            try root.calculateLayout(width: width, height: height, direction: direction)
        }
        out.pointee = frond_layout_statistics(
            struct_size: UInt32(MemoryLayout<frond_layout_statistics>.size), layouts: statistics.layouts,
            measures: statistics.measures, cached_layouts: statistics.cachedLayouts,
            cached_measures: statistics.cachedMeasures, measure_callbacks: statistics.measureCallbacks,
            non_finite_values: statistics.nonFiniteValues)
    }
}

@_cdecl("frond_node_layout_get_frame") @implementation
public func frond_node_layout_get_frame(_ out: UnsafeMutablePointer<frond_rect>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_frame") { () throws(CallFailure) in
        let frame = try node(handle).layout.frame
        try write(frond_rect(left: frame.left, top: frame.top, width: frame.width, height: frame.height), to: out)
    }
}

@_cdecl("frond_node_layout_get_left") @implementation
public func frond_node_layout_get_left(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_left") { () throws(CallFailure) in try write(try node(handle).layout.left, to: out) }
}

@_cdecl("frond_node_layout_get_top") @implementation
public func frond_node_layout_get_top(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_top") { () throws(CallFailure) in try write(try node(handle).layout.top, to: out) }
}

@_cdecl("frond_node_layout_get_width") @implementation
public func frond_node_layout_get_width(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_width") { () throws(CallFailure) in try write(try node(handle).layout.width, to: out) }
}

@_cdecl("frond_node_layout_get_height") @implementation
public func frond_node_layout_get_height(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_height") { () throws(CallFailure) in try write(try node(handle).layout.height, to: out) }
}

/// The physical side an edge selector names for a laid-out node.
private func physicalEdge(_ edge: frond_edge, _ direction: LayoutDirection) throws(CallFailure) -> PhysicalEdge {
    switch try engineEnum(edge.rawValue, Edge.self, "frond_edge") {
    case .left: return .left
    case .top: return .top
    case .right: return .right
    case .bottom: return .bottom
    case .start: return direction == .rtl ? .right : .left
    case .end: return direction == .rtl ? .left : .right
    case .horizontal, .vertical, .all:
        throw .invalidArgument("layout results exist per side; \(edge.rawValue) selects several sides")
    }
}

@_cdecl("frond_node_layout_get_margin") @implementation
public func frond_node_layout_get_margin(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?,
                                         _ edge: frond_edge) -> frond_status {
    call("frond_node_layout_get_margin") { () throws(CallFailure) in
        let layout = try node(handle).layout
        try write(layout.margin[try physicalEdge(edge, layout.direction)], to: out)
    }
}

@_cdecl("frond_node_layout_get_border") @implementation
public func frond_node_layout_get_border(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?,
                                         _ edge: frond_edge) -> frond_status {
    call("frond_node_layout_get_border") { () throws(CallFailure) in
        let layout = try node(handle).layout
        try write(layout.border[try physicalEdge(edge, layout.direction)], to: out)
    }
}

@_cdecl("frond_node_layout_get_padding") @implementation
public func frond_node_layout_get_padding(_ out: UnsafeMutablePointer<Float>?, _ handle: OpaquePointer?,
                                          _ edge: frond_edge) -> frond_status {
    call("frond_node_layout_get_padding") { () throws(CallFailure) in
        let layout = try node(handle).layout
        try write(layout.padding[try physicalEdge(edge, layout.direction)], to: out)
    }
}

@_cdecl("frond_node_layout_get_direction") @implementation
public func frond_node_layout_get_direction(_ out: UnsafeMutablePointer<frond_direction>?,
                                            _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_direction") { () throws(CallFailure) in
        try write(try node(handle).layout.direction.cValue, to: out)
    }
}

@_cdecl("frond_node_layout_get_had_overflow") @implementation
public func frond_node_layout_get_had_overflow(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_had_overflow") { () throws(CallFailure) in
        try write(try node(handle).layout.hadOverflow, to: out)
    }
}

@_cdecl("frond_node_layout_get_has_new_layout") @implementation
public func frond_node_layout_get_has_new_layout(_ out: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_layout_get_has_new_layout") { () throws(CallFailure) in
        try write(try node(handle).hasNewLayout, to: out)
    }
}

@_cdecl("frond_node_layout_set_has_new_layout") @implementation
public func frond_node_layout_set_has_new_layout(_ handle: OpaquePointer?, _ hasNewLayout: Bool) -> frond_status {
    call("frond_node_layout_set_has_new_layout") { () throws(CallFailure) in
        let node = try node(handle)
        guard !node.isInLayoutPass else {
            throw .misuse("the tree is being laid out; it cannot be changed from its own callbacks")
        }
        node.hasNewLayout = hasNewLayout
    }
}
