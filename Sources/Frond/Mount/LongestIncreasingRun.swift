/// Indices (into `values`) of a longest strictly increasing subsequence (patience sorting:
/// O(n log n)). The mounter, the reconciler and data diffing keep the items on this run
/// where they are and move the others: the fewest moves.
@usableFromInline
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []            // index into values of the smallest tail per length
    var tailValues: [Int] = []       // values[tails[k]], side by side for the search
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var low = 0, high = tailValues.count
        while low < high {
            let middle = (low + high) / 2
            if tailValues[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count {
            tails.append(index)
            tailValues.append(value)
        } else {
            tails[low] = index
            tailValues[low] = value
        }
    }
    var run: [Int] = []
    run.reserveCapacity(tails.count)
    var index = tails.last ?? -1
    while index >= 0 {
        run.append(index)
        index = previous[index]
    }
    return run.reversed()
}
