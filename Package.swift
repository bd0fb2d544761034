// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Cutout",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "CutoutGeometry", targets: ["CutoutGeometry"]),
        .library(name: "CutoutRaster", targets: ["CutoutRaster"]),
        .library(name: "CutoutText", targets: ["CutoutText"]),
        .library(name: "CutoutLayers", targets: ["CutoutLayers"]),
        .library(name: "CutoutSVG", targets: ["CutoutSVG"]),
        .library(name: "CutoutHoles", targets: ["CutoutHoles"]),
        .library(name: "CutoutSpotlight", targets: ["CutoutSpotlight"]),
        .library(name: "CutoutCollection", targets: ["CutoutCollection"]),
        .library(name: "CutoutUIKit", targets: ["CutoutUIKit"]),
        .library(name: "CutoutSwiftUI", targets: ["CutoutSwiftUI"]),
        .executable(name: "cutout", targets: ["cutout"]),
    ],
    targets: [
        .target(name: "CutoutGeometry"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(name: "CutoutRaster", dependencies: ["CutoutGeometry", "CZlib"]),
        .target(name: "CutoutText", dependencies: ["CutoutGeometry"], resources: [.copy("Resources/Fonts")]),
        .target(name: "CutoutLayers", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutText"]),
        .target(name: "CutoutSVG", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutText", "CutoutLayers"]),
        .target(name: "CutoutHoles", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers"]),
        .target(name: "CutoutSpotlight", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutText", "CutoutLayers"]),
        .target(name: "CutoutCollection", dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers"]),
        // The Apple adapters: every file is inside `#if canImport(UIKit)` / `#if canImport(SwiftUI)`
        // (or AppKit), so on Linux they build as empty modules; RepositoryTests parses them.
        .target(name: "CutoutUIKit", dependencies: [
            "CutoutGeometry", "CutoutRaster", "CutoutLayers", "CutoutHoles", "CutoutSpotlight", "CutoutCollection",
        ]),
        .target(name: "CutoutSwiftUI", dependencies: [
            "CutoutGeometry", "CutoutRaster", "CutoutHoles", "CutoutSpotlight", "CutoutCollection",
        ]),
        // The demo scenes of `cutout gallery` and the tests that check them; not a product.
        .target(
            name: "CutoutGallery",
            dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutText", "CutoutLayers", "CutoutSVG", "CutoutHoles", "CutoutSpotlight", "CutoutCollection"]
        ),
        .executableTarget(
            name: "cutout",
            dependencies: [
                "CutoutGeometry", "CutoutRaster", "CutoutText", "CutoutLayers", "CutoutSVG",
                "CutoutHoles", "CutoutSpotlight", "CutoutCollection", "CutoutGallery",
            ]
        ),
        .testTarget(name: "CutoutGeometryTests", dependencies: ["CutoutGeometry", "CutoutTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CutoutRasterTests", dependencies: ["CutoutRaster", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutTextTests", dependencies: ["CutoutText", "CutoutTestSupport"], resources: [.copy("Fixtures")]),
        // The fuzzed layer trees of LayerRendererRobustnessTests are also exported to SVG.
        .testTarget(name: "CutoutLayersTests", dependencies: ["CutoutLayers", "CutoutSVG", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutSVGTests", dependencies: ["CutoutSVG", "CutoutText", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        // HolesPixelTests and the spotlight rendering tests check rules on the gallery's scenes.
        .testTarget(name: "CutoutHolesTests", dependencies: ["CutoutHoles", "CutoutGallery", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutSpotlightTests", dependencies: ["CutoutSpotlight", "CutoutGallery", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .target(name: "CutoutTestSupport", dependencies: ["CutoutGeometry", "CutoutRaster"], path: "Tests/CutoutTestSupport"),
        // AdapterTypecheckTests type-check the Apple adapters against the stubs in AppleStubs
        // (not compiled into the target) and the cores' built modules.
        .testTarget(name: "RepositoryTests", dependencies: ["CutoutUIKit", "CutoutSwiftUI"], exclude: ["AppleStubs"]),
        // The code samples of the DocC articles, compiled and run.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["CutoutGeometry", "CutoutRaster", "CutoutLayers", "CutoutHoles", "CutoutSpotlight", "CutoutCollection"]
        ),
        .testTarget(name: "CutoutCLITests", dependencies: ["cutout", "CutoutGallery"]),
        .testTarget(name: "CutoutCollectionTests", dependencies: ["CutoutCollection", "CutoutTestSupport"], resources: [.copy("Golden"), .copy("Fixtures")]),
        .testTarget(name: "CutoutGalleryTests", dependencies: ["CutoutGallery", "CutoutSVG", "CutoutTestSupport"], resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)

// `swift package generate-documentation` (the catalogs in Sources/<Module>/<Module>.docc) needs
// swift-docc-plugin. Only documentation builds ask for it (CUTOUT_DOCS=1): resolving it and its
// SymbolKit dependency adds about 3 s to a fresh clone's first build, and every app that depends
// on Cutout would resolve both too.
if Context.environment["CUTOUT_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
