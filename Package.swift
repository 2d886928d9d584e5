// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SiteKit", targets: ["SiteKit"]),
        // The parsers' libraries, for the fuzz targets in Fuzz/ (a package of its own).
        .library(name: "Markdown", targets: ["Markdown"]),
        .library(name: "CalcReport", targets: ["CalcReport"]),
        .library(name: "BankReport", targets: ["BankReport"]),
        .library(name: "JuiceReport", targets: ["JuiceReport"]),
        .library(name: "MarketReport", targets: ["MarketReport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // Markdown engine: the system libcmark and a small Swift wrapper over it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "Markdown", dependencies: ["CCmark"]),

        // A seeded random generator whose algorithm is fixed, shared by the simulations.
        .target(name: "Randomness"),

        // Domain libraries: no HTML, testable alone.
        .target(name: "Calculator"),
        .target(name: "BankSimulation", dependencies: ["Randomness"]),
        .target(name: "JuiceMaker", dependencies: ["Randomness"]),
        .target(name: "OpenMarket", dependencies: ["Randomness"]),

        // SVG charts written by our own code.
        .target(name: "Charts"),

        // What every report kind shares: the block protocol, scenario YAML with line numbers, output helpers.
        .target(name: "ReportKit", dependencies: ["Yams", "Randomness"]),

        // Report kinds: a domain library rendered as HTML, Markdown and data downloads.
        .target(name: "CalcReport", dependencies: ["ReportKit", "Calculator"]),
        .target(name: "BankReport", dependencies: ["ReportKit", "BankSimulation", "Charts"]),
        .target(name: "JuiceReport", dependencies: ["ReportKit", "JuiceMaker", "Charts", "Randomness"]),
        .target(name: "MarketReport", dependencies: ["ReportKit", "OpenMarket"]),

        // The kinds sitegen ships, listed once for the CLI and the tests.
        .target(name: "BuiltInKinds", dependencies: ["ReportKit", "CalcReport", "BankReport", "JuiceReport", "MarketReport"]),

        // The site: load content → run report blocks → render templates → write Public.
        .target(
            name: "SiteKit",
            dependencies: [
                "Markdown", "ReportKit", "Randomness",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // `sitegen serve`: the site in memory over HTTP, watched folders, live reload.
        .target(
            name: "Preview",
            dependencies: [
                "SiteKit", "ReportKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // The thin command-line tool.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SiteKit", "Preview", "BuiltInKinds", "CalcReport", "BankReport", "JuiceReport", "MarketReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCmark"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
        .testTarget(name: "CalculatorTests", dependencies: ["Calculator"]),
        .testTarget(name: "BankSimulationTests", dependencies: ["BankSimulation"]),
        .testTarget(name: "JuiceMakerTests", dependencies: ["JuiceMaker"]),
        .testTarget(
            name: "OpenMarketTests",
            dependencies: ["OpenMarket", .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ChartsTests", dependencies: ["Charts"]),
        .testTarget(name: "ReportKitTests", dependencies: ["ReportKit"]),
        .testTarget(name: "CalcReportTests", dependencies: ["CalcReport"]),
        .testTarget(name: "BankReportTests", dependencies: ["BankReport"]),
        .testTarget(name: "JuiceReportTests", dependencies: ["JuiceReport"]),
        .testTarget(name: "MarketReportTests", dependencies: ["MarketReport", .product(name: "Hummingbird", package: "hummingbird")]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "SiteKit", "ReportKit"]),
        .testTarget(
            name: "SiteKitTests",
            dependencies: ["SiteKit", "CCmark", "BuiltInKinds"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
