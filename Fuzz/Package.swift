// swift-tools-version:6.0
// libFuzzer targets for sitegen's parsers, kept out of the main package so that `swift build` and
// `swift test` there never see them. Build and run with `Scripts/fuzz [seconds]`, which calls
//   swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "sitegen-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "sitegen", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzCalc", dependencies: ["FuzzDriver", .product(name: "CalcReport", package: "sitegen")]),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["FuzzDriver", .product(name: "SiteKit", package: "sitegen")]),
        .executableTarget(name: "FuzzBank", dependencies: ["FuzzDriver", .product(name: "BankReport", package: "sitegen")]),
        .executableTarget(name: "FuzzJuice", dependencies: ["FuzzDriver", .product(name: "JuiceReport", package: "sitegen")]),
        .executableTarget(name: "FuzzMarketBlock", dependencies: ["FuzzDriver", .product(name: "MarketReport", package: "sitegen")]),
        .executableTarget(name: "FuzzMarketJSON", dependencies: ["FuzzDriver", .product(name: "MarketReport", package: "sitegen")]),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzDriver", .product(name: "Templating", package: "sitegen")]),
        .executableTarget(name: "FuzzMarkdown", dependencies: ["FuzzDriver", .product(name: "Markdown", package: "sitegen")]),
        .executableTarget(name: "FuzzDataFile", dependencies: ["FuzzDriver", .product(name: "DataReport", package: "sitegen")]),
    ]
)
