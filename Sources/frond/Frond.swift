import ArgumentParser
import Foundation
import FrondCorpus
import FrondLayout

@main
struct Frond: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frond",
        abstract: "Frond's command-line tool: conformance runs, layout benchmarks, tree dumps and pictures.",
        subcommands: [Conformance.self, BenchLayout.self, BenchTree.self, BenchList.self, Layout.self, CheckRelayout.self, Mount.self,
                      Render.self]
    )
}

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out every case of conformance corpora and compare with the expected boxes.",
        discussion: """
        Each DIR is a corpus folder (or a single corpus file) in the format of Tests/Fixtures/FORMAT.md; \
        the default is the repository's copy of Yoga's corpus. Every failure is printed (file, case, \
        direction, node path, expected and actual value); the last line reads \
        "N passed, M failed, K skipped". Cases the source disables run as expected failures and are \
        counted on their own line. The exit status is 0 only when every failing case is listed in the \
        known-failures file. With --tolerance-raw (a corpus's chrome-raw.jsonl), a case whose every \
        difference is 1 px at an edge Chromium placed within 2/64 px of a rounding boundary passes \
        as tolerated, and the summary gives the strict and the tolerant counts.
        """
    )

    @Argument(help: "Corpus folders or files.")
    var paths: [String] = []

    @Option(name: .long, help: "Known-failures file (lines: File.json:case  reason).")
    var knownFailures: String?

    @Option(name: .long, help: "Mismatches printed per failing case.")
    var maxMismatches = 8

    @Option(name: .long, help: "Chromium's unrounded boxes (chrome-raw.jsonl) that forgive 1 px rounding differences.")
    var toleranceRaw: String?

    func validate() throws {
        guard maxMismatches >= 0 else { throw ValidationError("--max-mismatches must be 0 or more") }
    }

    func run() throws {
        let corpora = paths.isEmpty ? [RepositoryFixtures.yogaCorpus] : paths
        let knownPath = knownFailures ?? RepositoryFixtures.knownFailures
        // (The repository's list is optional: the tool may run away from the checkout. A list
        // named with --known-failures must be there: KnownFailures reports one it cannot read.)
        let known: KnownFailures
        do {
            known = knownFailures != nil || FileManager.default.fileExists(atPath: knownPath)
                ? try KnownFailures(path: knownPath) : KnownFailures()
        } catch {
            printError("frond conformance: \(error.message)")
            throw ExitCode(2)
        }

        var passed = 0, failed = 0, skipped = 0, disabledFailing = 0, disabledPassing = 0, tolerated = 0
        var unlisted: [String] = []
        var fixedKnown: [String] = []
        do {
            let raw = try toleranceRaw.map { path throws(CorpusError) in try ChromeRawLayouts(path: path) }
            for corpus in corpora {
                for file in try ConformanceRunner.corpusFiles(at: corpus) {
                    for result in try ConformanceRunner.run(file: file) {
                        if result.disabled {
                            if result.outcome == .passed { disabledPassing += 1 } else { disabledFailing += 1 }
                            continue
                        }
                        switch result.outcome {
                        case .passed:
                            passed += 1
                            if known.reasons[result.key] != nil { fixedKnown.append(result.key) }
                        case .skipped:
                            skipped += 1
                        case .failed where raw?.forgives(result) == true:
                            tolerated += 1
                            if known.reasons[result.key] != nil { fixedKnown.append(result.key) }
                            print("TOLERATED \(result.file): \(result.name) (1 px at Chromium's rounding boundaries)")
                        case .failed:
                            failed += 1
                            let reason = known.reasons[result.key]
                            if reason == nil { unlisted.append(result.key) }
                            print("FAIL \(result.file): \(result.name)" + (reason.map { "  [known: \($0)]" } ?? ""))
                            if let error = result.error { print("    error: \(error)") }
                            for mismatch in result.mismatches.prefix(maxMismatches) { print("    \(mismatch)") }
                            if result.mismatches.count > maxMismatches {
                                print("    … \(result.mismatches.count - maxMismatches) more")
                            }
                        }
                    }
                }
            }
        } catch let error as CorpusError {
            printError("frond conformance: \(error.message)")
            throw ExitCode(2)
        }
        for key in fixedKnown { print("NOTE \(key) is listed as a known failure but passes") }
        if disabledFailing + disabledPassing > 0 {
            print("disabled in source (expected failures): \(disabledFailing) failing, \(disabledPassing) passing")
        }
        if !unlisted.isEmpty { print("\(unlisted.count) failing case(s) are not in \(knownPath)") }
        if toleranceRaw != nil {
            let cases = passed + tolerated + failed
            let percent = { (count: Int) in cases == 0 ? "-" : String(format: "%.1f%%", 100 * Double(count) / Double(cases)) }
            print("strict: \(passed) of \(cases) (\(percent(passed))); tolerant: \(passed + tolerated) of \(cases) "
                  + "(\(percent(passed + tolerated)))")
            print("\(passed) passed, \(tolerated) tolerated, \(failed) failed, \(skipped) skipped")
        } else {
            print("\(passed) passed, \(failed) failed, \(skipped) skipped")
        }
        if !unlisted.isEmpty { throw ExitCode(1) }
    }
}

struct BenchLayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-layout",
        abstract: "Time full layouts of a tree (no cache reused between iterations) and one-leaf relayouts.",
        discussion: """
        Prints one line of key=value pairs: nodes, iterations, root size, checksum (sum of all finite \
        left/top/width/height), nonfinite, layout_median_ns, ns_per_node, first_layout_ns, \
        full_layouts, full_measures and full_cached (what the first layout computed: nodes laid \
        out, nodes measured, answers from a cache), leaf_relayout_median_ns and leaf_relayout_ratio \
        (relayout after one leaf's height changes, divided by a full layout).
        """
    )

    @Argument(help: "A tree in the corpus NODE format.")
    var file: String

    @Option(name: .long, help: "Timed iterations.")
    var iterations = 100

    @Option(name: .long, help: "Available width (default: the file's, else none).")
    var width: Float?

    @Option(name: .long, help: "Available height (default: the file's, else none).")
    var height: Float?

    @Flag(name: .long, help: "Lay out right-to-left.")
    var rtl = false

    @Option(name: .long, help: "What to time: all, full (full layouts only) or relayout (one-leaf relayouts only).")
    var phase = "all"

    func validate() throws {
        guard ["all", "full", "relayout"].contains(phase) else {
            throw ValidationError("--phase must be all, full or relayout")
        }
        guard iterations > 0 && iterations <= 1_000_000 else {
            throw ValidationError("--iterations must be between 1 and 1000000")
        }
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value >= 0) { throw ValidationError("\(name) must be a finite number ≥ 0") }
        }
    }

    func run() throws {
        do {
            var bench = try LayoutBenchmark(path: file)
            if let width { bench.width = width }
            if let height { bench.height = height }
            bench.direction = rtl ? .rtl : .ltr
            let first = DispatchTime.now().uptimeNanoseconds
            let firstStatistics = try bench.root.calculateLayout(width: bench.width, height: bench.height,
                                                                 direction: bench.direction)
            let firstLayout = Double(DispatchTime.now().uptimeNanoseconds - first)
            let median = phase == "relayout" ? firstLayout : try bench.fullLayoutMedian(iterations: iterations)
            let (sum, nonFinite) = bench.checksum()
            let frame = bench.root.layout.frame
            let relayout = phase == "full" ? (nanoseconds: 0.0, statistics: LayoutPassStatistics())
                : try bench.leafRelayoutMedian(iterations: iterations)
            let fields: [(String, String)] = [
                ("nodes", "\(bench.nodeCount)"),
                ("iterations", "\(iterations)"),
                ("root", "\(frame.width)x\(frame.height)"),
                ("checksum", String(format: "%.1f", sum)),
                ("nonfinite", "\(nonFinite)"),
                ("first_layout_ns", String(format: "%.0f", firstLayout)),
                ("full_layouts", "\(firstStatistics.layouts)"),
                ("full_measures", "\(firstStatistics.measures)"),
                ("full_cached", "\(firstStatistics.cachedLayouts + firstStatistics.cachedMeasures)"),
                ("layout_median_ns", String(format: "%.0f", median)),
                ("ns_per_node", String(format: "%.1f", median / Double(max(bench.nodeCount, 1)))),
                ("leaf_relayout_median_ns", String(format: "%.0f", relayout.nanoseconds)),
                ("leaf_relayout_ratio", String(format: "%.4f", relayout.nanoseconds / max(median, 1))),
                ("leaf_relayout_layouts", "\(relayout.statistics.layouts)"),
                ("leaf_relayout_rounded_nodes", "\(relayout.statistics.roundedNodes)"),
            ]
            print(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        } catch let error as CorpusError {
            printError("frond bench-layout: \(error.message)")
            throw ExitCode(2)
        } catch let error as LayoutError {
            printError("frond bench-layout: \(file): \(error.message)")
            throw ExitCode(2)
        }
    }
}

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a tree (or one corpus case) and print every node's frame, indented by depth."
    )

    @Argument(help: "A tree in the corpus NODE format, or a corpus file with --case.")
    var file: String

    @Option(name: .long, help: "Name of the case to lay out when FILE is a corpus file.")
    var `case`: String?

    @Option(name: .long, help: "Available width.")
    var width: Float?

    @Option(name: .long, help: "Available height.")
    var height: Float?

    @Flag(name: .long, help: "Lay out right-to-left.")
    var rtl = false

    func run() throws {
        do {
            let root: LayoutNode
            var width = self.width
            var height = self.height
            if let name = self.case {
                let json = try TreeDescription.loadJSON(path: file)
                let cases = try TreeDescription.array(json, file)
                guard case .object(let object)? = cases.first(where: { $0["name"] == .string(name) }) else {
                    throw CorpusError("\(file): no case named \"\(name)\"")
                }
                let config = try TreeDescription.config(from: object["config"], path: "config")
                root = try TreeDescription.node(from: object["root"] ?? .null, config: config)
                if case .array(let layouts)? = object["layouts"], let first = layouts.first {
                    if width == nil, case .number(let value)? = first["availableWidth"] { width = Float(value) }
                    if height == nil, case .number(let value)? = first["availableHeight"] { height = Float(value) }
                }
            } else {
                let tree = try LayoutBenchmark(path: file)
                root = tree.root
                width = width ?? tree.width
                height = height ?? tree.height
            }
            try root.calculateLayout(width: width, height: height, direction: rtl ? .rtl : .ltr)
            print(Self.describe(root))
        } catch let error as CorpusError {
            printError("frond layout: \(error.message)")
            throw ExitCode(2)
        } catch let error as LayoutError {
            printError("frond layout: \(file): \(error.message)")
            throw ExitCode(2)
        }
    }

    static func describe(_ root: LayoutNode) -> String {
        var lines: [String] = []
        var stack: [(LayoutNode, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + "\(node.layout.frame)")
            for child in node.children.reversed() { stack.append((child, depth + 1)) }
        }
        return lines.joined(separator: "\n")
    }
}

struct Mount: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Mount a tree of components described in JSON and print its component tree and its views.",
        discussion: """
        FILE is a tree in the corpus NODE format (or an object holding one under "root") whose nodes may \
        also have "view" (a view type), "attributes" (numbers, strings, booleans; "#rrggbb" or \
        "#rrggbbaa" strings are colors), "text" (a text leaf) and "key". A node with children becomes a \
        Flexbox, a leaf a Component or a Text; see docs/tool.md. The root is WIDTH wide and HEIGHT high \
        (as high as its content without --height). Prints "components:" and the component tree \
        (Root.componentDump), then "views:" and the mounted views (Root.mountedDump).
        """
    )

    @Argument(help: "A tree in the corpus NODE format with component keys.")
    var file: String

    @Option(name: .long, help: "The root's width.")
    var width: Float

    @Option(name: .long, help: "The root's height (default: the content's).")
    var height: Float?

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value >= 0) { throw ValidationError("\(name) must be a finite number ≥ 0") }
        }
    }

    func run() throws {
        do {
            print(try ComponentTreeDescription.mountReport(path: file, width: width, height: height))
        } catch {
            printError("frond mount: \(error.message)")
            throw ExitCode(2)
        }
    }
}

struct CheckRelayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-relayout",
        abstract: "Check that relaying out after style changes gives the same frames as a fresh layout.",
        discussion: """
        BEFORE and AFTER are trees of the same shape. BEFORE is laid out, its styles are replaced \
        by AFTER's, and it is laid out again; the frames must equal those of AFTER laid out from \
        scratch. Prints the first difference and exits 1 if there is one.
        """
    )

    @Argument(help: "The tree before the change.")
    var before: String

    @Argument(help: "The same tree after the change.")
    var after: String

    @Option(name: .long, help: "Available width.")
    var width: Float?

    @Option(name: .long, help: "Available height.")
    var height: Float?

    @Flag(name: .long, help: "Lay out right-to-left.")
    var rtl = false

    func run() throws {
        do {
            let incremental = try LayoutBenchmark(path: before).root
            let fresh = try LayoutBenchmark(path: after).root
            var incrementalNodes: [LayoutNode] = []
            var freshNodes: [LayoutNode] = []
            incremental.forEachNode { incrementalNodes.append($0) }
            fresh.forEachNode { freshNodes.append($0) }
            guard incrementalNodes.count == freshNodes.count,
                  zip(incrementalNodes, freshNodes).allSatisfy({ $0.childCount == $1.childCount }) else {
                throw CorpusError("\(before) and \(after) do not have the same shape")
            }
            let direction: LayoutDirection = rtl ? .rtl : .ltr
            try incremental.calculateLayout(width: width, height: height, direction: direction)
            for (node, target) in zip(incrementalNodes, freshNodes) { try node.setStyle(target.style) }
            try incremental.calculateLayout(width: width, height: height, direction: direction)
            try fresh.calculateLayout(width: width, height: height, direction: direction)
            for (index, (node, target)) in zip(incrementalNodes, freshNodes).enumerated()
            where node.layout.frame != target.layout.frame {
                print("node \(index): \(node.layout.frame) after relayout, \(target.layout.frame) fresh")
                throw ExitCode(1)
            }
            print("relayout matches a fresh layout (\(incrementalNodes.count) nodes)")
        } catch let error as CorpusError {
            printError("frond check-relayout: \(error.message)")
            throw ExitCode(2)
        } catch let error as LayoutError {
            printError("frond check-relayout: \(error.message)")
            throw ExitCode(2)
        }
    }
}

struct BenchList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-list",
        abstract: "Time the list operations: incremental mounting, changesets, data diffing, memory.",
        discussion: """
        Prints one line per operation, op=NAME then key=value pairs (times in _ns: the median, best and \
        worst of --iterations runs). The list operations use a feed of --list-items posts (text of varying \
        length, a like button with state on every third) in a list 400 points wide with an 800-point \
        viewport: first_display times handing the list its posts up to the commit that shows the visible \
        ones; scroll_step one screen down, 200 times (the host thread's time per step; the builder lays \
        out the range ahead between steps); resize gives the list showing the feed's middle a new width \
        (the host thread's time per resize, in one commit); apply_changeset_1k applies 1,000 mixed operations to 100,000 \
        posts; memory_per_item gives the bytes per post of a list none of whose posts is laid out, and per \
        laid-out post. diff_100k diffs --items identities against a copy with 1% of them removed, 1% \
        updated, 1% moved and 1% new ones inserted; diff_100k_shuffled against a shuffled copy.
        """
    )

    @Option(name: .long, help: "Timed iterations per operation.")
    var iterations = 9

    @Option(name: .long, parsing: .upToNextOption, help: "Operations to run (default: all).")
    var ops: [String] = []

    @Option(name: .long, help: "Items in the lists diffed.")
    var items = 100_000

    @Option(name: .long, help: "Posts in the list of the list operations.")
    var listItems = 1_000_000

    func validate() throws {
        guard iterations > 0 && iterations <= 1_000 else { throw ValidationError("--iterations must be between 1 and 1000") }
        guard items > 0 && items <= 10_000_000 else { throw ValidationError("--items must be between 1 and 10000000") }
        guard listItems > 0 && listItems <= 10_000_000 else {
            throw ValidationError("--list-items must be between 1 and 10000000")
        }
        for op in ops where !ListBenchmark.operations.contains(op) {
            throw ValidationError("unknown operation \(op); one of \(ListBenchmark.operations.joined(separator: ", "))")
        }
    }

    func run() throws {
        let bench = ListBenchmark(items: items, iterations: iterations, listItems: listItems)
        for op in ops.isEmpty ? ListBenchmark.operations : ops {
            do {
                print(try bench.run(op).line)
            } catch {
                printError("frond bench-list: \(op): \(error.message)")
                throw ExitCode(2)
            }
        }
    }
}

struct BenchTree: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-tree",
        abstract: "Time js-framework-benchmark operations on a list of component rows (build, layout, mount).",
        discussion: """
        Each row is 6 components (a render component with a selected flag, a row flexbox, an avatar, \
        two labels, a button). shuffle_rows and reverse_rows reorder a list of --rows rows (each \
        iteration shuffles it, seeded, or reverses it). Prints one line per operation: op, rows, components, build_ns, layout_ns, \
        mount_ns, release_ns (freeing the replaced components), total_ns (medians), ns_per_component, and the last run's mutations, created, destroyed, \
        moved, renders and reused_subtrees. The host only counts mutations.
        """
    )

    @Option(name: .long, help: "Timed iterations per operation.")
    var iterations = 5

    @Option(name: .long, parsing: .upToNextOption, help: "Operations to run (default: all).")
    var ops: [String] = []

    @Option(name: .long, help: "Rows of the list shuffle_rows and reverse_rows reorder.")
    var rows = 10_000

    func validate() throws {
        guard iterations > 0 && iterations <= 1_000 else {
            throw ValidationError("--iterations must be between 1 and 1000")
        }
        guard rows > 0 && rows <= 200_000 else {
            throw ValidationError("--rows must be between 1 and 200000")
        }
        for op in ops where !TreeBenchmark.operations.contains(op) {
            throw ValidationError("unknown operation \(op); one of \(TreeBenchmark.operations.joined(separator: ", "))")
        }
    }

    func run() throws {
        let bench = TreeBenchmark(iterations: iterations, reorderedRows: rows)
        var results: [String: TreeBenchmark.Result] = [:]
        for op in ops.isEmpty ? TreeBenchmark.operations : ops {
            do {
                let result = try bench.run(op)
                results[op] = result
                print(result.line)
            } catch {
                printError("frond bench-tree: \(op): \(error.message)")
                throw ExitCode(2)
            }
        }
        if let create = results["create_10k"], let select = results["select_row"], create.totalNanoseconds > 0 {
            let ratio = Double(select.totalNanoseconds) / Double(create.totalNanoseconds)
            print("select_row_vs_create_10k=\(String(format: "%.5f", ratio))")
        }
    }
}
