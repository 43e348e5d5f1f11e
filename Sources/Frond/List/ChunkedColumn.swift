/// A column of a data source's section (its items' roots, or their sizes) that copies in
/// pieces: chunks of 1,024 elements shared between copies until one of them writes to a
/// chunk, and absent while every element of a chunk is the column's `fill`. A state built
/// from another by building or releasing a few items copies the chunk table and the
/// chunks it writes, not the column: a list of a million items scrolls at the cost of
/// what it mounts.
struct ChunkedColumn<Element>: RandomAccessCollection {
    private static var shift: Int { 10 }
    private static var chunkSize: Int { 1 << shift }

    /// One chunk's elements (a class: shared by copies of the column until written).
    private final class Chunk {
        var elements: [Element]

        init(_ elements: [Element]) {
            self.elements = elements
        }
    }

    private var chunks: [Chunk?]
    /// The value of every element of an absent chunk.
    let fill: Element
    private(set) var count: Int

    /// `count` elements, all `fill` (no chunk is made).
    init(repeating fill: Element, count: Int) {
        self.fill = fill
        self.count = count
        chunks = [Chunk?](repeating: nil, count: (count + Self.chunkSize - 1) >> Self.shift)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        get {
            guard let chunk = chunks[position >> Self.shift] else { return fill }
            return chunk.elements[position & (Self.chunkSize - 1)]
        }
        set {
            let number = position >> Self.shift
            let offset = position & (Self.chunkSize - 1)
            writableChunk(number).elements[offset] = newValue
        }
    }

    /// Chunk `number`, this column's own (a shared chunk is copied, an absent one made,
    /// filled up to the column's end).
    private mutating func writableChunk(_ number: Int) -> Chunk {
        if chunks[number] != nil, isKnownUniquelyReferenced(&chunks[number]), let chunk = chunks[number] {
            return chunk
        }
        let length = Swift.min(Self.chunkSize, count - (number << Self.shift))
        let chunk = Chunk(chunks[number]?.elements ?? [Element](repeating: fill, count: length))
        chunks[number] = chunk
        return chunk
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 { chunks.append(nil) }
        let chunk = writableChunk(chunks.count - 1)
        chunk.elements.append(element)
        count += 1
    }

    mutating func reserveCapacity(_ capacity: Int) {
        chunks.reserveCapacity((capacity + Self.chunkSize - 1) >> Self.shift)
    }

    /// Calls `body` with each element that is not in an absent chunk, and its position.
    func forEachStored(_ body: (Int, Element) -> Void) {
        for (number, chunk) in chunks.enumerated() {
            guard let chunk else { continue }
            let base = number << Self.shift
            for (offset, element) in chunk.elements.enumerated() { body(base + offset, element) }
        }
    }
}
