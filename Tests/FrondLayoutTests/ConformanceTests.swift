import Foundation
import FrondCorpus
import FrondLayout
import Testing

/// Runs the repository's copy of Yoga's conformance corpus through the engine.
@Suite struct ConformanceTests {
    @Test func test_everyYogaCaseMatchesTheBrowserOrIsAKnownFailure() throws {
        let known = try KnownFailures(path: RepositoryFixtures.knownFailures)
        var passed = 0
        var unexpected: [String] = []
        for file in try ConformanceRunner.corpusFiles(at: RepositoryFixtures.yogaCorpus) {
            for result in try ConformanceRunner.run(file: file) where !result.disabled {
                switch result.outcome {
                case .passed: passed += 1
                case .failed where known.reasons[result.key] == nil:
                    unexpected.append("\(result.key): \(result.error ?? "") \(result.mismatches.prefix(3))")
                case .failed, .skipped: break
                }
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
        // 532 runnable cases plus the 12 measured (text) cases that the source does not disable.
        #expect(passed == 544)
    }

    @Test func test_measuredCasesRunWithTheTestTextMeasurer() throws {
        let results = try ConformanceRunner.run(file: RepositoryFixtures.yogaCorpus + "/YGIntrinsicSizeTest.json")
        let measured = results.filter { !$0.disabled && $0.name.contains("text") }
        #expect(!measured.isEmpty)
        #expect(measured.allSatisfy { $0.outcome == .passed })
    }

    @Test func test_aDifferentExpectationIsReportedWithItsPlace() throws {
        let json = """
            {"name": "broken", "config": {},
             "root": {"style": {"width": 100, "height": 50}, "children": []},
             "layouts": [{"direction": "ltr", "availableWidth": null, "availableHeight": null,
                          "expected": {"left": 0, "top": 0, "width": 100, "height": 60, "children": []}}]}
            """
        guard case .object(let broken) = try JSONParser.parse(Array(json.utf8), source: "test") else {
            Issue.record("the case is not an object")
            return
        }
        let result = ConformanceRunner.run(case: broken, file: "Test.json", index: 0)
        #expect(result.outcome == .failed)
        #expect(result.mismatches.count == 1)
        #expect(result.mismatches.first?.field == "height")
        #expect(result.mismatches.first?.expected == 60)
        #expect(result.mismatches.first?.actual == 50)
    }
}
