// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "SiteKit", targets: ["SiteKit"]),
        // The parsers' libraries, for the fuzz targets in Fuzz/ (a package of its own).
        .library(name: "Markdown", targets: ["Markdown"]),
        .library(name: "Templating", targets: ["Templating"]),
        .library(name: "CalcReport", targets: ["CalcReport"]),
        .library(name: "BankReport", targets: ["BankReport"]),
        .library(name: "JuiceReport", targets: ["JuiceReport"]),
        .library(name: "MarketReport", targets: ["MarketReport"]),
        .library(name: "DataReport", targets: ["DataReport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // TOML front matter (`+++`), as Hugo and Zola pages write it.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Markdown engine: the system libcmark and a small Swift wrapper over it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "Markdown", dependencies: ["CCmark"]),

        // What every other target may need: errors with file:line, the located YAML reader,
        // HTML escaping, a lock.
        .target(name: "Basics", dependencies: ["Yams"]),

        // A seeded random generator whose algorithm is fixed, shared by the simulations.
        .target(name: "Randomness"),

        // Domain libraries: no HTML, testable alone.
        .target(name: "Calculator"),
        .target(name: "BankSimulation", dependencies: ["Randomness"]),
        .target(name: "JuiceMaker", dependencies: ["Randomness"]),
        .target(name: "OpenMarket", dependencies: ["Basics", "Randomness"]),

        // SVG charts written by our own code.
        .target(name: "Charts", dependencies: ["Basics"]),

        // Writes a target's Files/ folder into its code on every build (Plugins/EmbedFiles): the
        // kinds' strings, stylesheets and partials, the site's built-in templates. Nothing
        // generated is committed.
        .plugin(name: "EmbedFiles", capability: .buildTool()),

        // What every report kind shares: the kind protocol, the report document and its one
        // renderer, data files (CSV/JSON), number formats, the interface strings.
        .target(name: "ReportKit", dependencies: ["Basics", "Randomness"], exclude: ["Files"], plugins: ["EmbedFiles"]),

        // What the kinds' commands share (`--format`, `--language`, errors, the console); the site
        // library never depends on it.
        .target(
            name: "ReportCommand",
            dependencies: ["Basics", "ReportKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Report kinds, each one folder: a domain library rendered as HTML, Markdown and data
        // downloads, its command, and its strings, stylesheet and partials in Files/.
        .target(name: "CalcReport", dependencies: ["ReportKit", "ReportCommand", "Calculator"], exclude: ["Files"], plugins: ["EmbedFiles"]),
        .target(name: "BankReport", dependencies: ["ReportKit", "ReportCommand", "BankSimulation", "Charts"], exclude: ["Files"], plugins: ["EmbedFiles"]),
        .target(name: "JuiceReport", dependencies: ["ReportKit", "ReportCommand", "JuiceMaker", "Charts", "Randomness"], exclude: ["Files"], plugins: ["EmbedFiles"]),
        .target(name: "MarketReport", dependencies: ["ReportKit", "ReportCommand", "OpenMarket"], exclude: ["Files"], plugins: ["EmbedFiles"]),
        // The user's own data files as `table`, `chart` and `figure` blocks.
        .target(
            name: "DataReport",
            dependencies: ["ReportKit", "ReportCommand", "Charts", "Yams", .product(name: "CSV", package: "CSV.swift")],
            exclude: ["Files"], plugins: ["EmbedFiles"]
        ),

        // The kinds sitegen ships, listed once for the CLI and the tests.
        .target(name: "BuiltInKinds", dependencies: ["ReportCommand", "CalcReport", "BankReport", "JuiceReport", "MarketReport", "DataReport"]),

        // Mustache templates: parsed once into a tree, rendered over plain view-model values.
        .target(name: "Templating"),

        // The site: load content → run report blocks → render templates → write Public. Its
        // built-in templates are the repository's Templates/ (Sources/SiteKit/Files links there).
        .target(
            name: "SiteKit",
            dependencies: [
                "Basics", "Markdown", "ReportKit", "Randomness", "Templating",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            exclude: ["Files"],
            plugins: ["EmbedFiles"]
        ),

        // `sitegen serve`: the site in memory over HTTP, watched folders, live reload.
        .target(
            name: "Preview",
            dependencies: [
                "Basics", "SiteKit", "ReportKit",
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
                "Basics", "ReportKit", "ReportCommand", "SiteKit", "Preview", "BuiltInKinds",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Threads of the tests' own for CPU-heavy test work, shared by the test targets.
        .target(name: "TestThreads", path: "Tests/TestThreads"),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCmark"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RandomnessTests", dependencies: ["Randomness"]),
        .testTarget(name: "CalculatorTests", dependencies: ["Calculator"]),
        .testTarget(name: "BankSimulationTests", dependencies: ["BankSimulation", "TestThreads"]),
        .testTarget(name: "JuiceMakerTests", dependencies: ["JuiceMaker"]),
        .testTarget(
            name: "OpenMarketTests",
            dependencies: ["Basics", "OpenMarket", .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ChartsTests", dependencies: ["Charts"]),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "Randomness", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "ReportKitTests", dependencies: ["Basics", "ReportKit"]),
        .testTarget(name: "CalcReportTests", dependencies: ["Basics", "CalcReport"]),
        .testTarget(name: "DataReportTests", dependencies: ["Basics", "DataReport"]),
        .testTarget(name: "BankReportTests", dependencies: ["Basics", "BankReport", "TestThreads"]),
        .testTarget(name: "JuiceReportTests", dependencies: ["Basics", "JuiceReport"]),
        .testTarget(
            name: "MarketReportTests",
            dependencies: [
                "Basics", "MarketReport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // swift-mustache is the oracle the template engine is compared with.
        .testTarget(
            name: "TemplatingTests",
            dependencies: ["Templating", "Randomness", .product(name: "Mustache", package: "swift-mustache")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PreviewTests", dependencies: ["Basics", "Preview", "SiteKit", "ReportKit"]),
        .testTarget(
            name: "SiteKitTests",
            dependencies: [
                "Basics", "SiteKit", "CCmark", "BuiltInKinds", "Randomness", "TestThreads",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// Release builds optimise across sitegen's own modules (the build calls the Markdown, template and
// basics modules in its inner loops), as if they were one. Debug builds and the tests are as before.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
