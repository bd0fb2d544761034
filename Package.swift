// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Cutout",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "CutoutGeometry", targets: ["CutoutGeometry"]),
        .library(name: "CutoutRaster", targets: ["CutoutRaster"]),
        .library(name: "CutoutLayers", targets: ["CutoutLayers"]),
        .library(name: "CutoutHoles", targets: ["CutoutHoles"]),
        .library(name: "CutoutSpotlight", targets: ["CutoutSpotlight"]),
        .library(name: "CutoutCollection", targets: ["CutoutCollection"]),
        .library(name: "CutoutUIKit", targets: ["CutoutUIKit"]),
        .library(name: "CutoutSwiftUI", targets: ["CutoutSwiftUI"]),
        .executable(name: "cutout", targets: ["cutout"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "CutoutGeometry"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(name: "CutoutRaster", dependencies: ["CutoutGeometry", "CZlib"]),
        .target(name: "CutoutLayers", dependencies: ["CutoutGeometry", "CutoutRaster"]),
        .target(name: "CutoutHoles", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers"]),
        .target(name: "CutoutSpotlight", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers"]),
        .target(name: "CutoutCollection", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers"]),
        // The Apple adapters: every file is inside `#if canImport(UIKit)` / `#if canImport(SwiftUI)`
        // (or AppKit), so on Linux they build as empty modules; RepositoryTests parses them.
        .target(name: "CutoutUIKit", dependencies: [
            "CutoutGeometry", "CutoutRaster", "CutoutLayers", "CutoutHoles", "CutoutSpotlight", "CutoutCollection",
        ]),
        .target(name: "CutoutSwiftUI", dependencies: [
            "CutoutGeometry", "CutoutRaster", "CutoutHoles", "CutoutSpotlight", "CutoutCollection",
        ]),
        .executableTarget(
            name: "cutout",
            dependencies: [
                "CutoutGeometry", "CutoutRaster", "CutoutLayers",
                "CutoutHoles", "CutoutSpotlight", "CutoutCollection",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CutoutGeometryTests", dependencies: ["CutoutGeometry", "CutoutTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CutoutRasterTests", dependencies: ["CutoutRaster", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutLayersTests", dependencies: ["CutoutLayers", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutHolesTests", dependencies: ["CutoutHoles", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutSpotlightTests", dependencies: ["CutoutSpotlight", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .target(name: "CutoutTestSupport", dependencies: ["CutoutRaster"], path: "Tests/CutoutTestSupport"),
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "CutoutCLITests", dependencies: ["cutout"]),
        .testTarget(name: "CutoutCollectionTests", dependencies: ["CutoutCollection", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
