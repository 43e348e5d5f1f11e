import FrondCAPISupport
import CFrond
import FrondLayout

@_cdecl("frond_config_new") @implementation
public func frond_config_new(_ outConfig: UnsafeMutablePointer<OpaquePointer?>?) -> frond_status {
    call("frond_config_new") { () throws(CallFailure) in
        let out = try requireOut(outConfig)
        out.pointee = try issueHandle(LayoutConfig(), .config)
    }
}

@_cdecl("frond_config_free") @implementation
public func frond_config_free(_ config: OpaquePointer?) -> frond_status {
    guard let config else { return FROND_OK }
    return call("frond_config_free") { () throws(CallFailure) in
        _ = try changeableConfig(config)
        // The config is released here, after the table's lock was dropped.
        _ = try releaseHandle(config, .config, "config")
    }
}

@_cdecl("frond_config_set_point_scale_factor") @implementation
public func frond_config_set_point_scale_factor(_ handle: OpaquePointer?, _ factor: Float) -> frond_status {
    call("frond_config_set_point_scale_factor") { () throws(CallFailure) in
        let config = try changeableConfig(handle)
        try engine { () throws(LayoutError) in try config.setPointScaleFactor(factor) }
    }
}

@_cdecl("frond_config_get_point_scale_factor") @implementation
public func frond_config_get_point_scale_factor(_ outFactor: UnsafeMutablePointer<Float>?,
                                                _ handle: OpaquePointer?) -> frond_status {
    call("frond_config_get_point_scale_factor") { () throws(CallFailure) in
        try write(try config(handle).pointScaleFactor, to: outFactor, "out_factor")
    }
}

@_cdecl("frond_config_set_use_web_defaults") @implementation
public func frond_config_set_use_web_defaults(_ handle: OpaquePointer?, _ enabled: Bool) -> frond_status {
    call("frond_config_set_use_web_defaults") { () throws(CallFailure) in
        try changeableConfig(handle).useWebDefaults = enabled
    }
}

@_cdecl("frond_config_get_use_web_defaults") @implementation
public func frond_config_get_use_web_defaults(_ outEnabled: UnsafeMutablePointer<Bool>?,
                                              _ handle: OpaquePointer?) -> frond_status {
    call("frond_config_get_use_web_defaults") { () throws(CallFailure) in
        try write(try config(handle).useWebDefaults, to: outEnabled, "out_enabled")
    }
}

@_cdecl("frond_config_set_errata") @implementation
public func frond_config_set_errata(_ handle: OpaquePointer?, _ errata: UInt32) -> frond_status {
    call("frond_config_set_errata") { () throws(CallFailure) in
        let config = try changeableConfig(handle)
        // The named errata, and the bits beyond them that FROND_ERRATA_ALL and
        // FROND_ERRATA_CLASSIC set (all of them, for errata to come), but no other.
        let named = Errata([.stretchFlexBasis, .absolutePositionWithoutInsetsExcludesPadding,
                            .absolutePercentAgainstInnerSize, .minSizeUndefinedInsteadOfAuto]).rawValue
        let beyond = errata & ~named
        guard beyond == 0 || beyond == Errata.all.rawValue & ~named else {
            throw .invalidArgument("errata 0x\(String(errata, radix: 16)) has unknown bits (the named errata are 0x1, 0x2, "
                                   + "0x4 and 0x8; FROND_ERRATA_ALL and FROND_ERRATA_CLASSIC set every bit beyond them)")
        }
        config.errata = Errata(rawValue: errata)
    }
}

@_cdecl("frond_config_get_errata") @implementation
public func frond_config_get_errata(_ outErrata: UnsafeMutablePointer<UInt32>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_config_get_errata") { () throws(CallFailure) in
        try write(try config(handle).errata.rawValue, to: outErrata, "out_errata")
    }
}

@_cdecl("frond_config_set_experimental_feature") @implementation
public func frond_config_set_experimental_feature(_ handle: OpaquePointer?, _ feature: frond_experimental_feature,
                                                  _ enabled: Bool) -> frond_status {
    call("frond_config_set_experimental_feature") { () throws(CallFailure) in
        let config = try changeableConfig(handle)
        let bit = try experimentalFeature(feature)
        if enabled { config.experimentalFeatures.insert(bit) } else { config.experimentalFeatures.remove(bit) }
    }
}

@_cdecl("frond_config_get_experimental_feature") @implementation
public func frond_config_get_experimental_feature(_ outEnabled: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?,
                                                  _ feature: frond_experimental_feature) -> frond_status {
    call("frond_config_get_experimental_feature") { () throws(CallFailure) in
        let config = try config(handle)
        let bit = try experimentalFeature(feature)
        try write(config.experimentalFeatures.contains(bit), to: outEnabled, "out_enabled")
    }
}

private func experimentalFeature(_ feature: frond_experimental_feature) throws(CallFailure) -> ExperimentalFeatures {
    switch feature {
    case FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS: return .webFlexBasis
    case FROND_EXPERIMENTAL_FEATURE_FIX_FLEX_BASIS_FIT_CONTENT: return .fixFlexBasisFitContent
    default: throw .invalidArgument("unknown experimental feature \(feature.rawValue)")
    }
}

/// The config behind `handle`, refused while a layout pass whose root uses it is running
/// (a change from one of its callbacks would alter the settings in the middle of the pass).
private func changeableConfig(_ handle: OpaquePointer?) throws(CallFailure) -> LayoutConfig {
    let config = try config(handle)
    guard config.activeLayouts == 0 else {
        throw .misuse("config is in use by a layout pass; it cannot be changed or freed from its callbacks")
    }
    return config
}
