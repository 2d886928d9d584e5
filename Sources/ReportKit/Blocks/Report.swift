import Foundation

/// What a report block produces: a ``ReportDocument``, from which the page's HTML fragment, the
/// `.md` twin, the files beside the page and the extra pages all come.
public struct Report: Sendable {
    public var document: ReportDocument
    /// The content files the report was made from besides its page; `sitegen serve` runs the
    /// block again when one of them changes, and only then.
    public var inputs: ReportInputs

    public init(_ document: ReportDocument, inputs: ReportInputs = .files([])) {
        self.document = document
        self.inputs = inputs
    }

    /// The HTML fragment that replaces the block on the page, components drawn by `components`,
    /// its section named `name` instead of by its title when given (see ``ReportRenderer/html(_:name:)``).
    public func html(components: ReportRenderer.ComponentRenderer?, name: String? = nil) -> String {
        ReportRenderer(components: components).html(document, name: name)
    }

    /// The HTML fragment with every component shown by its fallback.
    public var html: String { html(components: nil) }

    /// The Markdown that replaces the block in the page's `.md` report.
    public var markdown: String { ReportRenderer().markdown(document) }

    /// Files written in the page's folder beside `index.html`: CSV and JSON downloads, SVG charts.
    /// Names start with the block's ``ReportBlock/id`` so blocks never clash.
    public var files: [ReportFile] { document.allFiles }

    /// Headline figures for the dashboard card, e.g. `["23 customers", "8.40 s"]`.
    public var headlines: [String] { document.headlines }

    /// Extra pages below the page's folder (product detail pages, further grid pages).
    public var pages: [ReportPage] { document.pages.map(ReportPage.init) }
}

/// The content files a report was made from besides its page (see ``Report/inputs``).
public enum ReportInputs: Sendable, Equatable {
    /// These files, relative to the content folder (`shop/sales.csv`); none for a report made
    /// from its block alone.
    case files(Set<String>)
    /// Any file under the content folder: for a kind that looks for files it cannot name in
    /// advance (the market's product images), run again whenever one of them changes.
    case anyContentFile

    /// Whether a change to these content files (relative paths) may change the report.
    public func isAffected(by changed: Set<String>) -> Bool {
        switch self {
        case .files(let files): !files.isDisjoint(with: changed)
        case .anyContentFile: !changed.isEmpty
        }
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
public struct ReportPage: Sendable {
    /// The folder relative to the page's folder, e.g. `products/32`; the page is written as
    /// `products/32/index.html` and `products/32/index.md`.
    public var path: String
    /// The page title.
    public var title: String
    /// The page's content. Links in it are relative to the extra page's own folder.
    public var document: ReportDocument

    public init(_ page: ReportDocumentPage) {
        path = page.path
        title = page.title
        document = page.document
    }

    /// The body HTML, components drawn by `components`.
    public func html(components: ReportRenderer.ComponentRenderer?) -> String {
        ReportRenderer(components: components).html(document)
    }

    /// The body HTML with every component shown by its fallback.
    public var html: String { html(components: nil) }

    /// The Markdown report of the page.
    public var markdown: String { ReportRenderer().markdown(document) }

    /// Files written in the extra page's folder.
    public var files: [ReportFile] { document.allFiles }
}
