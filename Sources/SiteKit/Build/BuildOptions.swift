import Basics
import Foundation

/// What to build from where: the options of `sitegen build`.
public struct BuildOptions: Sendable {
    /// `--content`: the Markdown pages, `site.yml` and other files.
    public var contentDirectory: URL
    /// `--templates`: Mustache templates and `assets/`.
    public var templatesDirectory: URL
    /// `--output`: the folder replaced by the built site.
    public var outputDirectory: URL
    /// Where fetched data is cached (`.sitegen-cache/`).
    public var cacheDirectory: URL
    /// `--base-url`: overrides `base_url` of `site.yml`.
    public var baseURL: String?
    /// `--seed`: overrides the seed of every report block.
    public var seed: UInt64?
    /// `--offline`: fetch nothing, use cached responses.
    public var offline = false
    /// `--refresh`: ignore cached responses.
    public var refresh = false
    /// `--drafts`: include pages with `draft: true`.
    public var drafts = false
    /// `--language`: the page and interface language, in place of `site.yml`'s `language`.
    public var language: String?
    /// `--strict`: every warning (content not rendered as written) stops the build as an error.
    public var strict = false
    /// `--force`: replace an output folder that is not empty and was not made by sitegen.
    /// It overrides nothing else: the content, templates and project folders are never replaced.
    public var force = false
    /// How the content folder is named in messages (what the user typed, e.g. `Content`);
    /// defaults to the folder's name.
    public var contentLabel: String?
    /// How the templates folder is named in messages; defaults to the folder's name.
    public var templatesLabel: String?
    /// The most bytes of one page, its HTML or its Markdown twin (8 MB): a larger page (a calc
    /// block of 100,000 lines, a table of every row) stops the build naming it.
    public var maximumPageBytes = 8 << 20

    /// Options for a site in `folder` (`Content/`, `Templates/`, `Public/`, `.sitegen-cache/`).
    public init(siteFolder folder: URL) {
        contentDirectory = folder.appendingPathComponent("Content")
        templatesDirectory = folder.appendingPathComponent("Templates")
        outputDirectory = folder.appendingPathComponent("Public")
        cacheDirectory = folder.appendingPathComponent(".sitegen-cache")
    }

    public init(content: URL, templates: URL, output: URL, cache: URL) {
        contentDirectory = content
        templatesDirectory = templates
        outputDirectory = output
        cacheDirectory = cache
    }
}

/// What a finished build reports.
public struct BuildSummary: Sendable, Equatable {
    /// HTML pages written (including extra report pages, not counting 404).
    public var pages: Int
    /// Report blocks run.
    public var reports: Int
    /// Files written in all.
    public var files: Int
    /// What the build did not render as written, each with its file and line and what to do.
    public var warnings: [Diagnostic] = []
}
