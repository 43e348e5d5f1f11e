// swift-tools-version:6.0
import PackageDescription
import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

let package = Package(
    name: "Frond",
    products: [
        .library(name: "FrondLayout", targets: ["FrondLayout"]),
        .library(name: "Frond", targets: ["Frond"]),
        .library(name: "FrondCairo", targets: ["FrondCairo"]),
        // Installed as libfrond.so by `make lib` (a product cannot share the name of the `frond` tool).
        .library(name: "FrondCAPI", type: .dynamic, targets: ["FrondCAPI"]),
        .executable(name: "frond", targets: ["frond"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Software prefetch (a static inline wrapper of the compiler's builtin) for the tree walks.
        .systemLibrary(name: "CPrefetch"),
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
        .target(
            name: "FrondCAPI",
            dependencies: ["FrondLayout", "Frond", "FrondCorpus", "FrondCairo", "CFrond", "CFFI"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "-soname=libfrond.so",
                    "-Xlinker", "--version-script=\(root)/Sources/FrondCAPI/exports.map",
                ]),
            ]
        ),
        .target(name: "FrondCorpus", dependencies: ["FrondLayout", "Frond"]),
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
