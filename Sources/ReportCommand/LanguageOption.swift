import ArgumentParser
import ReportKit

extension InterfaceLanguage: ExpressibleByArgument {}

/// `--language en|ko` for the report commands: the language of their text output.
public struct LanguageOption: ParsableArguments {
    @Option(name: .long, help: "The interface language of the text output: en or ko.")
    public var language: InterfaceLanguage = .en

    public init() {}

    /// Runs `body` with every label in the chosen language (each kind's labels read its own table).
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        try Strings.$current.withValue(Strings(language: language), operation: body)
    }

    /// Runs `body` with every label in the chosen language (each kind's labels read its own table).
    public func run<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Strings.$current.withValue(Strings(language: language), operation: body)
    }
}
