import FrondCAPISupport
import CFrond
import Frond

// Finding views and scopes by key path, and a view's frame in the root's coordinates
// (Root+Lookup.swift has the rules).

/// A key path: `count` UTF-8 keys, at least one.
private func keyPath(_ keys: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) throws(CallFailure) -> [String] {
    let list = try arrayArgument(keys, count, "key_path")
    guard !list.isEmpty else { throw .invalidArgument("key_path is empty (key_count is 0)") }
    var path: [String] = []
    path.reserveCapacity(list.count)
    for (index, key) in list.enumerated() { path.append(try requiredString(key, "key_path[\(index)]")) }
    return path
}

@_cdecl("frond_root_find_view") @implementation
public func frond_root_find_view(_ outView: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?,
                                 _ keys: UnsafePointer<UnsafePointer<CChar>?>?, _ keyCount: Int) -> frond_status {
    call("frond_root_find_view") { () throws(CallFailure) in
        let out = try requireOut(outView)
        let root = try cRoot(handle)
        let path = try keyPath(keys, keyCount)
        out.pointee = try frond { () throws(FrondError) in try root.root.view(atKeyPath: path) }?.rawValue ?? 0
    }
}

@_cdecl("frond_root_find_scope") @implementation
public func frond_root_find_scope(_ outScope: UnsafeMutablePointer<OpaquePointer?>?, _ handle: OpaquePointer?,
                                  _ keys: UnsafePointer<UnsafePointer<CChar>?>?, _ keyCount: Int) -> frond_status {
    call("frond_root_find_scope") { () throws(CallFailure) in
        let out = try requireOut(outScope)
        let root = try cRoot(handle)
        let path = try keyPath(keys, keyCount)
        // Only the scopes of C render classes have handles (issued at their first render).
        let scope = try frond { () throws(FrondError) in try root.root.scope(atKeyPath: path, as: CState.self) }
        out.pointee = scope?.currentState?.scopeHandle
    }
}

@_cdecl("frond_root_get_frame_in_root") @implementation
public func frond_root_get_frame_in_root(_ outFrame: UnsafeMutablePointer<frond_rect>?, _ handle: OpaquePointer?,
                                         _ view: UInt64) -> frond_status {
    call("frond_root_get_frame_in_root") { () throws(CallFailure) in
        let out = try requireOut(outFrame)
        guard let frame = try cRoot(handle).root.frameInRoot(of: ViewID(view)) else {
            throw .invalidArgument("view \(view) is not mounted")
        }
        out.pointee = frond_rect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
    }
}

@_cdecl("frond_root_get_size") @implementation
public func frond_root_get_size(_ outSize: UnsafeMutablePointer<frond_size>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_get_size") { () throws(CallFailure) in
        let out = try requireOut(outSize)
        let frame = try cRoot(handle).root.layout?.frame
        out.pointee = frond_size(width: frame?.width ?? 0, height: frame?.height ?? 0)
    }
}
