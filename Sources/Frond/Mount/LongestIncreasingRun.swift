/// Indices (into `values`) of a longest strictly increasing subsequence (patience sorting:
/// O(n log n)). The mounter, the reconciler and data diffing keep the items on this run
/// where they are and move the others: the fewest moves.
///
/// `tailValues[k]` is the smallest value that ends an increasing run of length k + 1 so
/// far; it increases with k, so each value finds its place by a binary search. A value
/// beyond the last tail (most values, when the list is mostly in order) extends the longest
/// run without a search. The search halves its range with a select instead of a branch
/// (`base` moves or stays): on a shuffled list a branch would be mispredicted half the time.
@usableFromInline
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []            // index into values of the smallest tail per length
    var tailValues: [Int] = []       // values[tails[k]], side by side for the search
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
        var place = tailValues.count
        if let last = tailValues.last, value <= last {
            // The first tail not below `value` (one exists: the last one).
            place = tailValues.withUnsafeBufferPointer { tailValues in
                var base = 0, length = tailValues.count
                while length > 1 {
                    let half = length &>> 1
                    // All ones when the tail is below the value, else 0 (the values are
                    // indexes, so the difference cannot wrap): no branch.
                    base &+= half & ((tailValues[base &+ half &- 1] &- value) &>> 63)
                    length &-= half
                }
                return base
            }
        }
        if place > 0 { previous[index] = tails[place - 1] }
        if place == tails.count {
            tails.append(index)
            tailValues.append(value)
        } else {
            tails[place] = index
            tailValues[place] = value
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
