import Foundation

/// What a report block produces.
public struct Report: Sendable {
    /// The HTML fragment that replaces the block on the page (one `<section class="report …">`).
    public var html: String
    /// The Markdown that replaces the block in the page's `.md` report: tables, sentences and
    /// image links to the charts in ``files``.
    public var markdown: String
    /// Files written in the page's folder beside `index.html`: CSV and JSON downloads, SVG charts.
    /// Names must start with the block's ``ReportBlock/id`` so blocks never clash.
    public var files: [ReportFile]
    /// Headline figures for the dashboard card, e.g. `["23 customers", "8.40 s"]`.
    public var headlines: [String]
    /// Extra pages below the page's folder (product detail pages, further grid pages).
    public var pages: [ReportPage]

    public init(
        html: String,
        markdown: String,
        files: [ReportFile] = [],
        headlines: [String] = [],
        pages: [ReportPage] = []
    ) {
        self.html = html
        self.markdown = markdown
        self.files = files
        self.headlines = headlines
        self.pages = pages
    }
}

/// A file written beside the page.
public struct ReportFile: Sendable, Equatable {
    /// The file name, e.g. `bank-1.csv`; no folders.
    public var name: String
    /// The bytes to write.
    public var contents: Data

    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }

    /// A text file; a `.csv` file starts with a UTF-8 byte-order mark (see ``CSVText``) unless
    /// the text already does.
    public init(name: String, text: String) {
        let marked = name.hasSuffix(".csv") && !text.hasPrefix(CSVText.byteOrderMark)
        self.init(name: name, contents: Data(((marked ? CSVText.byteOrderMark : "") + text).utf8))
    }
}

/// An extra page that a report adds below its page, rendered with the site's `page` layout.
public struct ReportPage: Sendable, Equatable {
    /// The folder relative to the page's folder, e.g. `products/32`; the page is written as
    /// `products/32/index.html` and `products/32/index.md`.
    public var path: String
    /// The page title.
    public var title: String
    /// The body HTML. Links in it are relative to the extra page's own folder.
    public var html: String
    /// The Markdown report of the page.
    public var markdown: String
    /// Files written in the extra page's folder.
    public var files: [ReportFile]

    public init(path: String, title: String, html: String, markdown: String, files: [ReportFile] = []) {
        self.path = path
        self.title = title
        self.html = html
        self.markdown = markdown
        self.files = files
    }
}
