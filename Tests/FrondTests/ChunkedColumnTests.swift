@testable import Frond
import Testing

@Suite struct ChunkedColumnTests {
    @Test func test_copiesShareChunksUntilOneWrites() {
        var column = ChunkedColumn<Int>(repeating: -1, count: 5_000)
        #expect(column.count == 5_000 && column[4_999] == -1)
        column[1_500] = 7
        let copy = column
        column[1_501] = 8
        column[4_999] = 9
        #expect(copy[1_500] == 7 && copy[1_501] == -1 && copy[4_999] == -1)
        #expect(column[1_500] == 7 && column[1_501] == 8 && column[4_999] == 9)
        var stored: [Int: Int] = [:]
        column.forEachStored { index, value in if value != -1 { stored[index] = value } }
        #expect(stored == [1_500: 7, 1_501: 8, 4_999: 9])
    }

    @Test func test_appendCrossesChunksAndFillsThePartialOne() {
        var column = ChunkedColumn<Int>(repeating: 0, count: 1_023)
        for value in 1...2_050 { column.append(value) }
        #expect(column.count == 3_073)
        #expect(column[1_022] == 0 && column[1_023] == 1 && column[1_024] == 2 && column[3_072] == 2_050)
        #expect(Array(column[1_020..<1_026]) == [0, 0, 0, 1, 2, 3])
    }
}
