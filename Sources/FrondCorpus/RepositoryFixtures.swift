import Foundation

/// Paths of the conformance fixtures: an installed tool's copy (`share/frond/conformance`
/// next to its `bin`, which `make install` fills), else the checkout's, found relative to
/// this source file (valid while the built tool stays next to its checkout).
public enum RepositoryFixtures {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `share/frond/conformance` beside the running tool's `bin`, if it is there.
    static let installedRoot: String? = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let root = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/frond/conformance").path
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue ? root : nil
    }()

    /// The copy of Yoga's conformance corpus.
    public static var yogaCorpus: String { installedRoot.map { $0 + "/yoga" } ?? repositoryRoot + "/Tests/Fixtures/yoga" }
    /// The known-failures file for the repository's corpora.
    public static var knownFailures: String {
        installedRoot.map { $0 + "/known-failures.txt" } ?? repositoryRoot + "/Tests/Fixtures/known-failures.txt"
    }
}
