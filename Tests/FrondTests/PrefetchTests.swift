@testable import Frond
#if canImport(Glibc)
import Glibc
#endif
@testable import FrondLayout
import Testing

/// The prefetching walks ask for a fixed number of bytes of each node (constants, so that
/// asking costs no lazy initialization). These tests keep the constants true as fields
/// are added or moved, and check that asking for nodes outside an array is a no-op.
@Suite struct PrefetchTests {
    private func node() throws -> TreeNode {
        let component = Component()
        return TreeNode(identity: 1, component: component, kind: component.kindIdentity, config: LayoutConfig(),
                        prepared: try PreparedStyle(LayoutStyle()))
    }

    private func offset<T>(of field: UnsafeMutablePointer<T>, in node: AnyObject) -> Int {
        Int(bitPattern: UInt(bitPattern: field)) - Int(bitPattern: UInt(bitPattern: Unmanaged.passUnretained(node).toOpaque()))
    }

    @Test func layoutNodeSpanEndsWithTheLayoutState() throws {
        let node = try node()
        let start = withUnsafeMutablePointer(to: &node.state) { offset(of: $0, in: node) }
        #expect(start > 0)
        #expect(LayoutNode.prefetchedBytes == start + MemoryLayout<NodeLayoutState>.size)
    }

    @Test func treeNodeSpanEndsWithTheLastField() throws {
        let node = try node()
        let start = withUnsafeMutablePointer(to: &node.viewChangedFlush) { offset(of: $0, in: node) }
        // (The flush marks are the last fields the class declares.)
        #expect(TreeNode.prefetchedBytes == start + MemoryLayout<UInt64>.size)
        #expect(TreeNode.prefetchedBytes > LayoutNode.prefetchedBytes)
    }

    /// The walk that measures a text asks for the whole ``Text`` object, whose text and
    /// style come last: the object must fit in what it asks for.
    @Test func textsFitInWhatTheirMeasurementAsksFor() throws {
        let text = Text("a text", style: TextStyle(fontSize: 12, fontFamily: "DejaVu Sans", color: Color(red: 1, green: 0, blue: 0),
                                                   maxLines: 2))
        // (glibc's malloc_usable_size, found at run time: Swift's Glibc module leaves out
        // malloc.h. The usable size is at least the object's, and more when the chunk
        // reused was larger: the smallest of many live texts' is the object's, rounded up.)
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size"))
        let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
        let texts = [text] + (0..<64).map { Text("text \($0)", style: text.style) }
        let usable = try #require(texts.map { usableSize(Unmanaged.passUnretained($0).toOpaque()) }.min())
        #expect(usable > 0 && usable <= TextMeasurerSlot.prefetchedTextBytes)
        // Asking changes nothing, for a text's node or for any other node.
        let slot = TextMeasurerSlot(MonospaceTextMeasurer())
        let node = TreeNode(identity: 1, component: text, kind: text.kindIdentity, config: LayoutConfig(),
                            prepared: try PreparedStyle(LayoutStyle()))
        for secondStep in [false, true] {
            slot.prefetchInputs(of: node, secondStep: secondStep)
            slot.prefetchInputs(of: LayoutNode(), secondStep: secondStep)
        }
        #expect(node.component === text && text.text == "a text")
    }

    @Test func askingOutsideTheArrayDoesNothing() throws {
        let nodes: [LayoutNode] = [try node(), try node()]
        let children = TreeChildren(nodes: nodes)
        for index in [-3, -1, 0, 1, 2, 7, Int.max, Int.min] {
            children.prefetchNode(at: index)
            children.prefetchComponent(at: index)
            children.prefetchPlacements(at: index)
            nodes.prefetchNode(at: index)
        }
        TreeChildren(nodes: []).prefetchNode(at: 0)
        [LayoutNode]().prefetchNode(at: 0)
        #expect(children.allSatisfy { $0.identity == 1 })
    }

    /// Subtree walks read a child list in place (its count and first elements) where
    /// Swift's native array storage keeps them.
    @Test func childListsAreReadWhereArraysKeepThem() throws {
        for count in [0, 1, 3, 9] {
            let parent = LayoutNode()
            let children = (0..<count).map { _ in LayoutNode() }
            try parent.adoptChildren(children)
            let storage = parent.childListStorage
            #expect(storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self) == count)
            for (index, child) in children.enumerated() {
                let element = storage.load(fromByteOffset: LayoutNode.arrayElementsOffset + index * 8,
                                           as: UnsafeRawPointer.self)
                #expect(element == UnsafeRawPointer(Unmanaged.passUnretained(child).toOpaque()))
            }
            // Asking around and beyond the ends changes nothing.
            for index in [-4, -1, 0, count - 1, count, count + 3] {
                children.prefetchSubtrees(at: index, step: 1)
                children.prefetchSubtrees(at: index, step: -1)
                children.prefetchSubtrees(at: index, step: 1, measuring: true) { $0.isDirtyFlag }
                children.prefetchSubtrees(at: index, step: -1) { $0.state.childrenTouchedPass == 0 }
            }
            for measuring in [false, true] {
                parent.prefetchChildList(measuring: measuring)
                parent.prefetchFirstChildren(measuring: measuring)
            }
            #expect(parent.childCount == count && children.allSatisfy { $0.parent === parent })
        }
    }

    /// Gathering placements reads a node's tree children in place: its own list when it
    /// has one (a wrapper's), else its layout children's; and it tells viewless nodes from
    /// the others without copying their view configuration.
    @Test func treeChildListsAreReadWhereTheTreeKeepsThem() throws {
        let parent = try node()
        let laidOut = try node(), own = try node()
        try parent.adoptChildren([laidOut])
        func elements(of parent: TreeNode) -> [UnsafeRawPointer] {
            let storage = parent.treeChildListStorage
            let count = storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self)
            return (0..<count).map {
                storage.load(fromByteOffset: LayoutNode.arrayElementsOffset + $0 * 8, as: UnsafeRawPointer.self)
            }
        }
        func address(_ node: TreeNode) -> UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque()) }
        #expect(elements(of: parent) == [address(laidOut)])
        parent.treeChildrenStorage = [own, laidOut]
        #expect(elements(of: parent) == [address(own), address(laidOut)])
        #expect(parent.isViewless)
        let viewed = Component(view: ViewConfiguration("box"))
        let withView = TreeNode(identity: 2, component: viewed, kind: viewed.kindIdentity, config: LayoutConfig(),
                                prepared: try PreparedStyle(LayoutStyle()))
        #expect(!withView.isViewless)
        let children = TreeChildren(nodes: [parent, withView, own])
        for index in -20...20 { children.prefetchPlacements(at: index) }
        #expect(parent.treeChildren.count == 2 && withView.component === viewed)
    }

    /// Delivery asks for an update's attribute list ahead, where it found one by looking
    /// at a probe. With this Swift the probe must succeed (or the speed-up is lost), and
    /// asking at any mutation, of any case, must change nothing.
    @Test func deliveryFindsUpdatesAttributeLists() throws {
        let layout = try #require(Mutation.updateLayout, "this Swift lays out updates differently")
        let list = [Attribute(name: "text", value: .string("hi")), Attribute(name: "x", value: .number(1))]
        var mutations: [Mutation] = [
            .create(ViewID(1), viewType: "text"), .update(ViewID(1), set: list, unset: ["old"]),
            .setFrame(ViewID(1), LayoutFrame(left: 1, top: 2, width: 3, height: 4)),
            .insert(child: ViewID(1), parent: .root, index: 0), .move(child: ViewID(1), parent: .root, index: 0),
            .remove(child: ViewID(1), parent: .root), .destroy(ViewID(1)),
        ]
        let copy = mutations
        mutations.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let bytes = UnsafeRawPointer(buffer.baseAddress! + index)
                let isUpdate = bytes.load(fromByteOffset: layout.tagOffset, as: UInt8.self) == layout.tag
                if case .update = buffer[index] {
                    #expect(isUpdate)
                    #expect(bytes.load(fromByteOffset: layout.listOffset, as: UInt.self) == unsafeBitCast(list, to: UInt.self))
                } else {
                    #expect(!isUpdate)
                }
                (buffer.baseAddress! + index).prefetchAttributeList(layout)
            }
        }
        #expect(mutations == copy)
    }
}
