import CPrefetch
import FrondLayout

/// A root's live views by number.
///
/// Numbers are handed out in sequence, and the views made together (a commit makes
/// thousands) have consecutive numbers: the registry keeps them in pages of 256
/// consecutive numbers, in an array of pages by number. Finding a view is two array
/// reads, and registering a commit's new views writes a few pages from start to end,
/// where a hash table would spread them over memory (and a `Dictionary` would also spend
/// more on hashing than on storing).
///
/// A page goes when its last view does; the pages before the first page that holds a
/// view, and after the last, go too. So the memory kept is the live views' pages plus one
/// array slot for each empty page among them: a view kept while many thousands of others
/// come and go after it keeps a slot per 256 numbers handed out since. (Only the root's
/// own numbers, handed out in sequence, are registered: a number far from all the others
/// would make room for every page in between. Any number may be looked up.)
struct ViewRegistry {
    /// How many consecutive numbers a page holds (a power of two).
    static let pageSize = 256
    private static let pageShift = UInt64(pageSize.trailingZeroBitCount)

    /// The pages, from the page of number `firstPage × pageSize` on; an empty array is a
    /// page without views.
    private var pages: [[MountedView?]] = []
    /// How many views each page holds.
    private var pageCounts: [Int] = []
    /// The number of the first page kept (numbers `firstPage × pageSize` and up).
    private var firstPage = 0
    private(set) var count = 0

    /// How many pages are kept (empty ones between others included).
    var pagesKept: Int { pages.count }

    /// The index in `pages` of the page holding `key`, and the key's slot in it. (Page
    /// numbers fit in an `Int`: a number shifted by the page size's bits is below 2^56.)
    @inline(__always)
    private func place(of key: UInt64) -> (page: Int, slot: Int) {
        (Int(truncatingIfNeeded: key >> Self.pageShift) &- firstPage,
         Int(truncatingIfNeeded: key & UInt64(Self.pageSize - 1)))
    }

    subscript(id: ViewID) -> MountedView? {
        get {
            let (page, slot) = place(of: id.rawValue)
            guard page >= 0 && page < pages.count else { return nil }
            return pages[page].isEmpty ? nil : pages[page][slot]
        }
        set {
            if let newValue { insert(id.rawValue, newValue) } else { remove(id.rawValue) }
        }
    }

    /// The view `id` names, lent by the registry without retaining it (use it while the
    /// registry keeps it).
    @inline(__always)
    func lent(_ id: ViewID) -> Unmanaged<MountedView>? {
        let (page, slot) = place(of: id.rawValue)
        guard page >= 0 && page < pages.count else { return nil }
        // (The page and the slot are read in place, where Swift's arrays keep them: copying
        // either would retain it.)
        return pages.withUnsafeBufferPointer { pages -> Unmanaged<MountedView>? in
            guard let base = pages.baseAddress else { return nil }
            let storage = UnsafeRawPointer(base + page).load(as: UnsafeRawPointer.self)
            guard slot < storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self) else { return nil }
            let view = storage.load(fromByteOffset: LayoutNode.arrayElementsOffset &+ slot &* 8, as: UnsafeRawPointer?.self)
            return view.map { Unmanaged.fromOpaque($0) }
        }
    }

    /// Asks for the view `id` names to be read into the caches (returns once its slot is
    /// read; nothing for a number without a view). (The view is lent: retaining it would
    /// write to it, which is what the caller means to avoid waiting for.)
    @inline(__always)
    func prefetch(_ id: ViewID) {
        guard let view = lent(id) else { return }
        frond_prefetch_bytes(view.toOpaque(), 128)
    }

    /// Asks for the slot that holds the view `id` names (returns at once): ask for it a
    /// few steps before ``prefetch(_:)``, which reads the slot.
    @inline(__always)
    func prefetchSlot(_ id: ViewID) {
        let (page, slot) = place(of: id.rawValue)
        guard page >= 0 && page < pages.count else { return }
        pages.withUnsafeBufferPointer { pages in
            guard let base = pages.baseAddress else { return }
            let storage = UnsafeRawPointer(base + page).load(as: UnsafeRawPointer.self)
            frond_prefetch_bytes(storage.advanced(by: LayoutNode.arrayElementsOffset &+ slot &* 8), 8)
        }
    }

    /// Registers `view` under `key` (the one retain is the slot's own).
    mutating func insert(_ key: UInt64, _ view: borrowing MountedView) {
        var (page, slot) = place(of: key)
        if pages.isEmpty {
            firstPage = Int(truncatingIfNeeded: key >> Self.pageShift)
            page = 0
        } else if page < 0 {
            // (A number below every kept page: rare, numbers are handed out in sequence.)
            pages.insert(contentsOf: repeatElement([], count: -page), at: 0)
            pageCounts.insert(contentsOf: repeatElement(0, count: -page), at: 0)
            firstPage += page
            page = 0
        }
        if page >= pages.count {
            let added = page - pages.count + 1
            pages.append(contentsOf: repeatElement([], count: added))
            pageCounts.append(contentsOf: repeatElement(0, count: added))
        }
        if pages[page].isEmpty {
            // (An empty slot, nil, is all zero bits: the page is cleared as memory, not by
            // storing, and retaining, nil into each slot.)
            pages[page] = [MountedView?](unsafeUninitializedCapacity: Self.pageSize) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
                initialized = Self.pageSize
            }
        }
        // (Stored in place: the page is not copied, and an empty slot has nothing to release.)
        let wasEmpty = pages[page].withUnsafeMutableBufferPointer { buffer in
            let place = buffer.baseAddress.unsafelyUnwrapped + slot
            guard place.pointee != nil else {
                place.initialize(to: copy view)
                return true
            }
            place.pointee = copy view
            return false
        }
        if wasEmpty {
            count += 1
            pageCounts[page] += 1
        }
    }

    private mutating func remove(_ key: UInt64) {
        let (page, slot) = place(of: key)
        guard page >= 0 && page < pages.count, !pages[page].isEmpty, pages[page][slot] != nil else { return }
        pages[page][slot] = nil
        count -= 1
        pageCounts[page] -= 1
        guard pageCounts[page] == 0 else { return }
        pages[page] = []
        // Empty pages at either end go (those in between keep their slot: see above).
        var trailing = 0
        while trailing < pageCounts.count && pageCounts[pageCounts.count - 1 - trailing] == 0 { trailing += 1 }
        pages.removeLast(trailing)
        pageCounts.removeLast(trailing)
        var leading = 0
        while leading < pageCounts.count && pageCounts[leading] == 0 { leading += 1 }
        if leading > 0 {
            pages.removeFirst(leading)
            pageCounts.removeFirst(leading)
            firstPage += leading
        }
    }
}
