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
        .executableTarget(name: "FuzzCalc", dependencies: [.product(name: "CalcReport", package: "sitegen")]),
        .executableTarget(name: "FuzzFrontMatter", dependencies: [.product(name: "SiteKit", package: "sitegen")]),
        .executableTarget(name: "FuzzBank", dependencies: [.product(name: "BankReport", package: "sitegen")]),
        .executableTarget(name: "FuzzJuice", dependencies: [.product(name: "JuiceReport", package: "sitegen")]),
        .executableTarget(name: "FuzzMarketBlock", dependencies: [.product(name: "MarketReport", package: "sitegen")]),
        .executableTarget(name: "FuzzMarketJSON", dependencies: [.product(name: "MarketReport", package: "sitegen")]),
        .executableTarget(name: "FuzzMarkdown", dependencies: [.product(name: "Markdown", package: "sitegen")]),
    ]
)
