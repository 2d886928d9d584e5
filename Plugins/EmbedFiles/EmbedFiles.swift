import Foundation
import PackagePlugin

/// Embeds a target's `Files/` folder in its code: `EmbeddedFiles.swift`, an enum with the text of
/// every file by its path under `Files/`, compiled with the target. A target uses it with
/// `exclude: ["Files"], plugins: ["EmbedFiles"]`.
///
/// The Swift file is written by `embed-files.sh` beside this file, run with `/bin/sh` whenever a
/// file in the folder changes (SwiftPM asks the plugin again when files are added or removed).
/// It is a shell script, not a tool built from this package, because such a tool would be built
/// with the package's flags too: the fuzz build's `-sanitize=fuzzer` gives it a second `main`.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Files").resolvingSymlinksInPath()
        let shown = "\(Self.relative(target.directoryURL, to: context.package.directoryURL))/Files"
        let paths = try Self.paths(in: folder, shown: shown)
        let script = context.package.directoryURL.appending(path: "Plugins/EmbedFiles/embed-files.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [.buildCommand(
            displayName: "Embedding \(shown)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [script.path, output.path, shown, folder.path] + paths,
            inputFiles: [script] + paths.map { folder.appending(path: $0) },
            outputFiles: [output]
        )]
    }

    /// The path under `folder` of every file in it, sorted; hidden files are skipped. A name that
    /// cannot be a Swift string key as it is (with `"` or `\`) is an error naming the file.
    static func paths(in folder: URL, shown: String) throws -> [String] {
        guard let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]
        ) else { return [] }
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        var paths: [String] = []
        for case let url as URL in walk where url.path.hasPrefix(prefix) {
            guard try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true else { continue }
            let path = String(url.path.dropFirst(prefix.count))
            guard !path.contains("\""), !path.contains("\\") else {
                throw EmbedError("\(shown)/\(path): a file name with \" or \\ cannot be embedded; rename it")
            }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// `url` relative to the package folder, for messages (`Sources/BankReport`).
    static func relative(_ url: URL, to package: URL) -> String {
        let base = package.path.hasSuffix("/") ? package.path : package.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path
    }
}

/// A file the plugin cannot embed.
struct EmbedError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
