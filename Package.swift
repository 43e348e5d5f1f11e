// swift-tools-version:6.0
import PackageDescription
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// libfrond_cairo is built on libfrond's C API and links against libfrond.so (so that it
/// names libfrond.so.0 among the libraries it needs). `make lib` builds libfrond first, then
/// libfrond_cairo with FROND_LINK_DIR set to the directory that holds libfrond.so; without
/// it (`swift build`, `swift test`) the FrondCairoCAPI module is compiled but not linked.
let linkDirectory = ProcessInfo.processInfo.environment["FROND_LINK_DIR"]

let package = Package(
    name: "Frond",
    products: [
        .library(name: "FrondLayout", targets: ["FrondLayout"]),
        .library(name: "Frond", targets: ["Frond"]),
        .library(name: "FrondCairo", targets: ["FrondCairo"]),
        // expectSnapshot for Swift Testing: for a dependent package's test targets.
        .library(name: "FrondSnapshotTesting", targets: ["FrondSnapshotTesting"]),
        // Installed as libfrond.so.0 by `make lib` (a product cannot share the name of the `frond` tool).
        .library(name: "FrondCAPI", type: .dynamic, targets: ["FrondCAPI"]),
        .executable(name: "frond", targets: ["frond"]),
    ] + (linkDirectory == nil ? [] : [
        // Installed as libfrond_cairo.so.0 by `make lib`.
        .library(name: "FrondCairoCAPI", type: .dynamic, targets: ["FrondCairoCAPI"]),
        // Installed as libfrond_web.so.0 by `make web-lib`.
        .library(name: "FrondWebCAPI", type: .dynamic, targets: ["FrondWebCAPI"]),
    ]),
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Software prefetch (a static inline wrapper of the compiler's builtin) for the tree walks.
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(name: "CMallocInfo"),
        .target(name: "FrondLayout", dependencies: ["CPrefetch"]),
        .target(name: "Frond", dependencies: ["FrondLayout", "CPrefetch"]),
        .target(name: "FrondTestSupport", dependencies: ["Frond"]),
        .systemLibrary(name: "CFrond", path: "include"),
        // libffi, for typed action blocks (C handlers with native signatures); only FrondCAPI uses it.
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // Cairo and Pango (pangocairo) for the snapshot renderer; only FrondCairo uses them.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .target(name: "FrondCairo", dependencies: ["Frond", "CCairo", "CPangoCairo"]),
        // Snapshot tests for Swift Testing (expectSnapshot); only test targets depend on it.
        .target(name: "FrondSnapshotTesting", dependencies: ["Frond", "FrondCairo"]),
        // The call conventions libfrond and the libraries built on its API share (statuses and
        // messages, handle tables, reading C structs); each library links its own copy.
        .target(name: "FrondCAPISupport", dependencies: ["FrondLayout", "Frond", "CFrond"]),
        // libfrond: the engine's C API. Only frond_* functions are exported (exports.map).
        .target(
            name: "FrondCAPI",
            dependencies: ["FrondLayout", "Frond", "FrondTrees", "FrondCAPISupport", "CFrond", "CFFI"],
            exclude: ["exports.map"],
            linkerSettings: [
                // The Swift runtime linked in: the library needs only system libraries.
                .unsafeFlags([
                    "-static-stdlib", "-use-ld=lld",
                    "-Xlinker", "-soname=libfrond.so.0",
                    "-Xlinker", "--version-script=\(root)/Sources/FrondCAPI/exports.map",
                ]),
            ]
        ),
        // libfrond_cairo: the snapshot renderer's C API (frond_cairo.h), a client of libfrond's.
        .target(
            name: "FrondCairoCAPI",
            dependencies: ["Frond", "FrondCairo", "FrondCAPISupport", "CFrond"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(linkDirectory.map { directory in [
                    "-static-stdlib", "-use-ld=lld", "-L\(directory)", "-lfrond",
                    "-Xlinker", "-soname=libfrond_cairo.so.0",
                    "-Xlinker", "--version-script=\(root)/Sources/FrondCairoCAPI/exports.map",
                ] } ?? []),
            ]
        ),
        // libsoup 3 (HTTP and WebSockets, on GLib's main loop) for the web host; only FrondWebCAPI uses it.
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // The web host's page (index.html and frond.js, kept readable in page/), built into the library with #embed.
        .target(name: "CFrondWebPage", exclude: ["page"], cSettings: [.unsafeFlags(["-std=c23"])]),
        // libfrond_web: the web host's C API (frond_web.h), a client of libfrond's like libfrond_cairo.
        .target(
            name: "FrondWebCAPI",
            dependencies: ["Frond", "FrondCairo", "FrondTrees", "FrondCAPISupport", "CFrond", "CSoup", "CFrondWebPage"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(linkDirectory.map { directory in [
                    "-static-stdlib", "-use-ld=lld", "-L\(directory)", "-lfrond",
                    "-Xlinker", "-soname=libfrond_web.so.0",
                    "-Xlinker", "--version-script=\(root)/Sources/FrondWebCAPI/exports.map",
                ] } ?? []),
            ]
        ),
        // Tree descriptions: the JSON reader and the tree formats (the C API's
        // frond_component_new_from_json and the tool); no Foundation.
        .target(name: "FrondTrees", dependencies: ["FrondLayout", "Frond"]),
        // The conformance runner and the benchmarks (the tool and the tests only).
        .target(name: "FrondCorpus", dependencies: ["FrondLayout", "Frond", "FrondTrees", "CMallocInfo"]),
        .executableTarget(
            name: "frond",
            dependencies: ["FrondCorpus", "FrondLayout", "FrondCairo", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "FrondLayoutTests", dependencies: ["FrondLayout", "FrondCorpus", "FrondTestSupport"]),
        .testTarget(name: "FrondTests", dependencies: ["Frond", "FrondTestSupport"]),
        .testTarget(
            name: "FrondCairoTests",
            dependencies: ["Frond", "FrondCairo", "FrondSnapshotTesting", "FrondTestSupport"],
            exclude: ["Snapshots"]
        ),
    ]
)
