import Foundation

/// Paths of the fixtures checked into the repository, found relative to this source
/// file (valid while the built tool stays next to its checkout).
public enum RepositoryFixtures {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The copy of Yoga's conformance corpus.
    public static var yogaCorpus: String { repositoryRoot + "/Tests/Fixtures/yoga" }
    /// The known-failures file for the repository's corpora.
    public static var knownFailures: String { repositoryRoot + "/Tests/Fixtures/known-failures.txt" }
}
