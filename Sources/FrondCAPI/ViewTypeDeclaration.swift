import FrondCAPISupport
import CFrond
import Frond

/// The attribute kind a C enumerator names.
func attributeKind(_ kind: frond_attribute_kind, _ place: String) throws(CallFailure) -> AttributeKind {
    switch kind {
    case FROND_ATTRIBUTE_NUMBER: return .number
    case FROND_ATTRIBUTE_BOOL: return .bool
    case FROND_ATTRIBUTE_STRING: return .string
    case FROND_ATTRIBUTE_COLOR: return .color
    case FROND_ATTRIBUTE_HOST_VALUE: return .hostValue
    case FROND_ATTRIBUTE_ACTION: return .action
    case FROND_ATTRIBUTE_ACTION_BLOCK: return .block
    default: throw .invalidArgument("\(place) \(kind.rawValue) is not a frond_attribute_kind")
    }
}

@_cdecl("frond_root_declare_view_type") @implementation
public func frond_root_declare_view_type(_ handle: OpaquePointer?, _ viewType: UnsafePointer<CChar>?,
                                         _ attributes: UnsafePointer<frond_attribute_spec>?, _ attributeCount: Int,
                                         _ flags: UInt32) -> frond_status {
    call("frond_root_declare_view_type") { () throws(CallFailure) in
        let root = try cRoot(handle)
        let type = try requiredString(viewType, "view_type")
        guard !type.isEmpty else { throw .invalidArgument("view_type is empty") }
        let allowOthers = FROND_VIEW_TYPE_ALLOW_OTHER_ATTRIBUTES.rawValue
        guard flags & ~allowOthers == 0 else {
            throw .invalidArgument("flags 0x\(String(flags, radix: 16)) has bits that are not frond_view_type_flags")
        }
        var kinds: [String: AttributeKind] = [:]
        for (index, spec) in try arrayArgument(attributes, attributeCount, "attributes").enumerated() {
            let place = "attributes[\(index)]"
            try checkStructSize(spec.struct_size, of: frond_attribute_spec.self, place)
            let name = try requiredString(spec.name, "\(place).name")
            guard !name.isEmpty else { throw .invalidArgument("\(place).name is empty") }
            guard kinds[name] == nil else { throw .invalidArgument("\(place).name \"\(name)\" is declared twice") }
            kinds[name] = try attributeKind(spec.kind, "\(place).kind")
        }
        try frond { () throws(FrondError) in
            try root.root.declareViewType(type, attributes: kinds,
                                          otherAttributes: flags & allowOthers != 0 ? .allowed : .rejected)
        }
    }
}

@_cdecl("frond_root_set_require_declared_view_types") @implementation
public func frond_root_set_require_declared_view_types(_ handle: OpaquePointer?, _ required: Bool) -> frond_status {
    call("frond_root_set_require_declared_view_types") { () throws(CallFailure) in
        try cRoot(handle).root.requiresDeclaredViewTypes = required
    }
}
