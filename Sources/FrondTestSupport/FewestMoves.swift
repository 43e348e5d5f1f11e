/// The length of a longest strictly increasing subsequence of `values`, found the slow way
/// (quadratic: test sizes only), to check the engine's fewest-moves answers against.
public func longestIncreasingRunLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}
