import SiteKit

/// What the preview server tells its user (the CLI prints each on stderr).
public enum PreviewEvent: Sendable, CustomStringConvertible {
    /// A build succeeded and is now served; `changed` is empty for the first build. `summary` says
    /// what the build did, when the source can tell (`rendered 3 of 1000 pages, ran 0 report blocks`).
    case built(changed: [String], milliseconds: Int, summary: String?)
    /// A build failed; the previous site stays served, with the error overlay.
    case failed(BuildFailure)
    /// The server is listening at `url` (`http://127.0.0.1:8000/`).
    case listening(url: String)

    public var description: String {
        switch self {
        case .built(let changed, let milliseconds, let summary) where changed.isEmpty:
            "Built the site in \(milliseconds) ms" + (summary.map { " (\($0))" } ?? "") + "."
        case .built(let changed, let milliseconds, let summary):
            "Rebuilt in \(milliseconds) ms after changes to " + Self.names(changed)
                + (summary.map { " (\($0))" } ?? "") + "; reloading open pages."
        case .failed(let failure):
            "error: build failed in step \"\(failure.step)\"; still serving the last good version\n"
                + failure.diagnostics.map(\.description).joined(separator: "\n")
        case .listening(let url):
            "Serving the site at \(url) (Ctrl-C to stop)"
        }
    }

    /// `a.md, b.md and 3 more`.
    private static func names(_ paths: [String]) -> String {
        let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        guard names.count > 3 else { return names.joined(separator: ", ") }
        return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }
}
