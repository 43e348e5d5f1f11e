import FrondCAPISupport
import CFrond
import FrondLayout

@_cdecl("frond_node_new") @implementation
public func frond_node_new(_ outNode: UnsafeMutablePointer<OpaquePointer?>?, _ configHandle: OpaquePointer?) -> frond_status {
    call("frond_node_new") { () throws(CallFailure) in
        let out = try requireOut(outNode)
        let nodeConfig = configHandle == nil ? LayoutConfig() : try config(configHandle)
        let node = LayoutNode(config: nodeConfig)
        let handle = try issueHandle(node, .node)
        node.tag = handle?.handleValue ?? 0
        out.pointee = handle
    }
}

@_cdecl("frond_node_free") @implementation
public func frond_node_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_node_free") { () throws(CallFailure) in
        let node = try node(handle)
        try refuseDuringLayout(node)
        try engine { () throws(LayoutError) in
            try node.removeFromParent()
            try node.removeAllChildren()
        }
        node.tag = 0
        // The node dies (and its callbacks are destroyed) after the table's lock is dropped.
        _ = try releaseHandle(handle, .node, "node")
    }
}

@_cdecl("frond_node_free_recursive") @implementation
public func frond_node_free_recursive(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_node_free_recursive") { () throws(CallFailure) in
        let node = try node(handle)
        try refuseDuringLayout(node)
        try engine { () throws(LayoutError) in try node.removeFromParent() }
        var subtree: [LayoutNode] = []
        node.forEachNode { subtree.append($0) }
        for member in subtree where member.tag != 0 {
            let tag = member.tag
            member.tag = 0
            _ = try? handles.remove(tag, kind: .node)
        }
    }
}

func refuseDuringLayout(_ node: LayoutNode) throws(CallFailure) {
    if node.isInLayoutPass {
        throw .misuse("the node's tree is being laid out; it cannot be changed from its own callbacks")
    }
}

@_cdecl("frond_node_insert_child") @implementation
public func frond_node_insert_child(_ parent: OpaquePointer?, _ child: OpaquePointer?, _ index: Int) -> frond_status {
    call("frond_node_insert_child") { () throws(CallFailure) in
        let parentNode = try node(parent)
        let childNode = try node(child, "child")
        // (Checked here so that the message shows the caller's size_t: SIZE_MAX, not -1.)
        guard index >= 0 && index <= parentNode.childCount else {
            throw CallFailure(FROND_ERR_INVALID_TREE, LayoutNode.childIndexOutOfRange(
                UInt(bitPattern: index), childCount: parentNode.childCount, inserting: true))
        }
        try engine { () throws(LayoutError) in try parentNode.insertChild(childNode, at: index) }
    }
}

@_cdecl("frond_node_append_child") @implementation
public func frond_node_append_child(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> frond_status {
    call("frond_node_append_child") { () throws(CallFailure) in
        let parentNode = try node(parent)
        let childNode = try node(child, "child")
        try engine { () throws(LayoutError) in try parentNode.appendChild(childNode) }
    }
}

@_cdecl("frond_node_remove_child") @implementation
public func frond_node_remove_child(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> frond_status {
    call("frond_node_remove_child") { () throws(CallFailure) in
        let parentNode = try node(parent)
        let childNode = try node(child, "child")
        try engine { () throws(LayoutError) in try parentNode.removeChild(childNode) }
    }
}

@_cdecl("frond_node_remove_all_children") @implementation
public func frond_node_remove_all_children(_ parent: OpaquePointer?) -> frond_status {
    call("frond_node_remove_all_children") { () throws(CallFailure) in
        let parentNode = try node(parent)
        try engine { () throws(LayoutError) in try parentNode.removeAllChildren() }
    }
}

@_cdecl("frond_node_get_child_count") @implementation
public func frond_node_get_child_count(_ outCount: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_get_child_count") { () throws(CallFailure) in
        try write(try node(handle).childCount, to: outCount, "out_count")
    }
}

@_cdecl("frond_node_get_child") @implementation
public func frond_node_get_child(_ outChild: UnsafeMutablePointer<OpaquePointer?>?, _ handle: OpaquePointer?,
                                 _ index: Int) -> frond_status {
    call("frond_node_get_child") { () throws(CallFailure) in
        let out = try requireOut(outChild)
        let parent = try node(handle)
        guard let child = parent.child(at: index) else {
            throw CallFailure(FROND_ERR_INVALID_TREE, LayoutNode.childIndexOutOfRange(UInt(bitPattern: index), childCount: parent.childCount, inserting: false))
        }
        out.pointee = handleOf(child)
    }
}

@_cdecl("frond_node_get_parent") @implementation
public func frond_node_get_parent(_ outParent: UnsafeMutablePointer<OpaquePointer?>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_node_get_parent") { () throws(CallFailure) in
        let out = try requireOut(outParent)
        out.pointee = handleOf(try node(handle).parent)
    }
}
