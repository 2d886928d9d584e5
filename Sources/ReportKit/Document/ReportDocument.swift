import Foundation

/// What a report kind says, independent of the format it is shown in: one document gives the HTML
/// fragment of the page, its Markdown twin, the console text, and names the data files beside it.
///
/// A kind builds a document from plain values — strings, numbers already formatted as text, SVG
/// charts — and never writes HTML or Markdown syntax; ``ReportRenderer`` does that, escaping every
/// value.
public struct ReportDocument: Sendable {
    /// How the document is wrapped in HTML.
    public enum Container: Sendable, Equatable {
        /// `<section class="report report-KIND" id="ID" aria-labelledby="ID-title">` with the title
        /// as `<h2 id="ID-title">` (Markdown `###`); sub-headings are `<h3>` (`####`).
        case section
        /// `<div class="report report-KIND" id="ID">` without a title of its own, for an extra page
        /// whose layout prints the title; sub-headings are `<h2>` (`###`).
        case division
    }

    /// The kind's name (`bank`), giving the class `report-bank`.
    public var kind: String
    /// The HTML id, e.g. the block id `bank-1`.
    public var id: String
    /// The heading of a ``Container/section`` document.
    public var title: String
    public var container: Container
    /// Further classes on the container, e.g. `market-detail`.
    public var classes: [String]
    /// The content, in reading order.
    public var body: [ReportNode]
    /// Headline figures for the dashboard card, e.g. `["23 customers", "8.40 s"]`.
    public var headlines: [String]
    /// The figures of the dashboard card, when the kind has more to say than ``headlines``.
    public var card: ReportCard?
    /// Data files written beside the page (CSV, JSON). Chart files come from the chart nodes.
    public var files: [ReportFile]
    /// Extra pages below the page's folder (product detail pages, further grid pages).
    public var pages: [ReportDocumentPage]

    public init(
        kind: String, id: String, title: String = "", container: Container = .section, classes: [String] = [],
        body: [ReportNode], headlines: [String] = [], card: ReportCard? = nil, files: [ReportFile] = [],
        pages: [ReportDocumentPage] = []
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.container = container
        self.classes = classes
        self.body = body
        self.headlines = headlines
        self.card = card
        self.files = files
        self.pages = pages
    }

    /// Every file the document writes: its data files, then one SVG per chart (in reading order).
    public var allFiles: [ReportFile] {
        files + ReportNode.charts(in: body).map { ReportFile(name: $0.file, text: $0.standalone ?? $0.svg) }
    }
}

/// An extra page a document adds below its page, rendered with the site's `page` layout.
public struct ReportDocumentPage: Sendable {
    /// The folder relative to the page's folder, e.g. `products/32`.
    public var path: String
    /// The page title, printed by the layout.
    public var title: String
    /// The page's content; usually a ``ReportDocument/Container/division``.
    public var document: ReportDocument

    public init(path: String, title: String, document: ReportDocument) {
        self.path = path
        self.title = title
        self.document = document
    }
}

/// One piece of a report.
public enum ReportNode: Sendable {
    /// A sentence or a few: `<p>`.
    case paragraph(Paragraph)
    /// A heading one level below the document's title.
    case heading(String)
    /// Summary figures, label and value: `<dl class="figures">`, a bullet list in Markdown.
    case figures([Figure])
    case table(Table)
    case chart(Chart)
    /// Content the reader opens on demand: `<details>`; a heading in Markdown.
    case collapsible(Collapsible)
    /// Lines shown as they are, e.g. a console log: `<pre>`, a fenced block in Markdown.
    case preformatted(Preformatted)
    /// Links to the files beside the page: `Download: CSV · JSON`.
    case downloads([Download])
    /// A visual piece drawn by a template partial, with document nodes as its fallback.
    case component(Component)
    /// A list of components (cards) that the reader can show as a grid or a list.
    case cards(CardList)
    /// Links to the pages of a paged list.
    case pager(Pager)
    /// Images, e.g. a gallery's fallback: `<img>` each / `![alt](src)` a line each.
    case images([Image])

    /// The charts among `nodes`, nested ones included, in reading order.
    static func charts(in nodes: [ReportNode]) -> [Chart] {
        nodes.flatMap { node -> [Chart] in
            switch node {
            case .chart(let chart): [chart]
            case .collapsible(let collapsible): charts(in: collapsible.body)
            default: []
            }
        }
    }
}

/// Text with light structure inside a paragraph or a table cell. Every string is data and is
/// escaped for the format it is written in.
public enum Inline: Sendable, Equatable {
    /// Plain text.
    case text(String)
    /// A mark sighted readers see and screen readers skip (`✓`, `▲5`): `<span class="C"
    /// aria-hidden="true">`; plain text in Markdown.
    case decoration(String, className: String)
    /// Words for screen readers only (`Made: `): `<span class="C">` with a visually hidden class;
    /// left out of Markdown and console text.
    case spoken(String, className: String = "visually-hidden")
    /// Text in a styling span: `<span class="C">`; plain in Markdown.
    case styled([Inline], className: String)
    /// A link; `href` on the HTML page and `markdownHref` in the `.md` twin.
    case link([Inline], href: String, markdownHref: String, className: String? = nil)
    /// Text struck through (`<del>`, `~~…~~`), e.g. a list price before a discount.
    case deleted([Inline], className: String? = nil)
    /// A line break inside a paragraph: `<br>`; a space in Markdown and text.
    case lineBreak
}

/// A paragraph.
public struct Paragraph: Sendable, Equatable {
    public var content: [Inline]
    /// A class for styling (`note`, `closing`).
    public var className: String?
    /// The language when it differs from the page's, e.g. `ko` for the seed's Korean sentences.
    public var lang: String?
    /// Bold in Markdown: the sentence a reader should not miss.
    public var isStrong: Bool

    public init(_ content: [Inline], className: String? = nil, lang: String? = nil, isStrong: Bool = false) {
        self.content = content
        self.className = className
        self.lang = lang
        self.isStrong = isStrong
    }

    /// A paragraph of plain text.
    public init(_ text: String, className: String? = nil, lang: String? = nil, isStrong: Bool = false) {
        self.init([.text(text)], className: className, lang: lang, isStrong: isStrong)
    }
}

/// A summary figure: `Customers served: 23`.
public struct Figure: Sendable, Equatable {
    public var label: String
    public var value: String

    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// A table with a caption, column headers and typed columns.
public struct Table: Sendable {
    /// What a column holds; numbers, times and money are right-aligned.
    public enum Kind: Sendable, Equatable {
        case text, number, time, money

        /// True for the kinds aligned on the right.
        public var isNumeric: Bool { self != .text }
    }

    /// A column: its header and kind.
    public struct Column: Sendable, Equatable {
        public var header: String
        public var kind: Kind

        public init(_ header: String, _ kind: Kind = .text) {
            self.header = header
            self.kind = kind
        }
    }

    /// A cell: its content and styling classes (`failed`, `up`).
    public struct Cell: Sendable, Equatable {
        public var content: [Inline]
        public var classes: [String]

        public init(_ content: [Inline], classes: [String] = []) {
            self.content = content
            self.classes = classes
        }

        public init(_ text: String, classes: [String] = []) {
            self.init([.text(text)], classes: classes)
        }
    }

    public var caption: String
    public var columns: [Column]
    public var rows: [[Cell]]
    /// When true, each row's first cell is its header (`<th scope="row">`).
    public var hasRowHeaders: Bool
    /// A class on the `<table>`.
    public var className: String?
    /// Ids of the body rows, in order, so that other parts of the page can link to a row (a bar
    /// of a timeline to its customer); rows past the end have none.
    public var rowIDs: [String] = []
    /// Rows after the body, e.g. totals: `<tfoot>` in HTML (they stay in place when a reader
    /// sorts the body), the last rows in Markdown and text.
    public var footer: [[Cell]] = []

    public init(caption: String, columns: [Column], rows: [[Cell]], hasRowHeaders: Bool = true, className: String? = nil) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
        self.hasRowHeaders = hasRowHeaders
        self.className = className
    }

    /// A table of plain text cells.
    public init(caption: String, columns: [Column], textRows: [[String]], hasRowHeaders: Bool = true, className: String? = nil) {
        self.init(caption: caption, columns: columns, rows: textRows.map { $0.map { Cell($0) } },
                  hasRowHeaders: hasRowHeaders, className: className)
    }
}

/// A chart: its SVG inline on the page, and the same SVG as a file beside the page that the `.md`
/// twin shows as an image.
public struct Chart: Sendable {
    /// The file name beside the page, e.g. `bank-1-timeline.svg`.
    public var file: String
    /// The SVG inlined on the page, as drawn by the `Charts` target.
    public var svg: String
    /// The SVG file beside the page when it differs from the inline one (a fluid chart drawn at a
    /// fixed width); nil to write ``svg``.
    public var standalone: String?
    /// The image's alternative text in Markdown (the SVG carries its own title and description).
    public var alt: String
    public var caption: String
    /// Further classes on the `<figure class="chart">`.
    public var classes: [String]
    /// The drawing keeps its natural size and the figure scrolls sideways: the figure is then a
    /// keyboard stop (`tabindex="0"`), scrolled with the arrow keys or stepped through by the
    /// page's chart script.
    public var scrolls: Bool
    /// Words before the caption that only a narrow screen shows, where a drawing that ``scrolls``
    /// is wider than the screen (e.g. "⇆ Scroll sideways for the whole day."); hidden from screen
    /// readers, which read the drawing whole, and left out of the Markdown twin and console text.
    public var scrollHint: String?

    public init(file: String, svg: String, standalone: String? = nil, alt: String, caption: String, classes: [String] = [], scrolls: Bool = false, scrollHint: String? = nil) {
        self.file = file
        self.svg = svg
        self.standalone = standalone
        self.alt = alt
        self.caption = caption
        self.classes = classes
        self.scrolls = scrolls
        self.scrollHint = scrollHint
    }
}

/// A `<details>` block.
public struct Collapsible: Sendable {
    public var summary: String
    public var className: String?
    public var body: [ReportNode]

    public init(summary: String, className: String? = nil, body: [ReportNode]) {
        self.summary = summary
        self.className = className
        self.body = body
    }
}

/// Lines shown verbatim.
public struct Preformatted: Sendable, Equatable {
    public var lines: [String]
    public var lang: String?

    public init(lines: [String], lang: String? = nil) {
        self.lines = lines
        self.lang = lang
    }
}

/// A download link to a file beside the page.
public struct Download: Sendable, Equatable {
    public var label: String
    public var file: String

    public init(_ label: String, file: String) {
        self.label = label
        self.file = file
    }
}

/// An image.
public struct Image: Sendable, Equatable {
    /// The `src` on the HTML page, which is also the `.md` twin's (both sit in the same folder).
    public var source: String
    public var alt: String

    public init(source: String, alt: String) {
        self.source = source
        self.alt = alt
    }
}

/// A visual piece drawn by the template partial `partials/NAME` from a plain value tree, so a site
/// can restyle it as Hugo sites override shortcodes. Markdown, console text, and HTML without such
/// a partial show ``fallback``.
public struct Component: Sendable {
    /// The partial's name, e.g. `product-card`.
    public var name: String
    /// What the partial sees, e.g. `{"name": "망고", "href": "products/2/index.html"}`.
    public var value: ComponentValue
    public var fallback: [ReportNode]

    public init(name: String, value: ComponentValue, fallback: [ReportNode]) {
        self.name = name
        self.value = value
        self.fallback = fallback
    }
}

/// A plain value tree for a template: text, flags, lists and objects with ordered keys.
public enum ComponentValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([ComponentValue])
    case object([(key: String, value: ComponentValue)])

    public static func == (a: ComponentValue, b: ComponentValue) -> Bool {
        switch (a, b) {
        case let (.text(x), .text(y)): x == y
        case let (.flag(x), .flag(y)): x == y
        case let (.list(x), .list(y)): x == y
        case let (.object(x), .object(y)): x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        default: false
        }
    }
}

/// Cards in a list the reader can switch between a grid and a list (pure CSS: two radio inputs).
/// Class names start with ``classPrefix`` (`market-view`, `market-products`).
public struct CardList: Sendable {
    /// Prefixes the radio inputs' ids and name: `market-1`.
    public var id: String
    public var classPrefix: String
    public var cards: [Component]
    /// Said when there are no cards.
    public var emptyText: String
    /// What Markdown and console text show instead of the cards (e.g. a table).
    public var fallback: [ReportNode]

    public init(id: String, classPrefix: String, cards: [Component], emptyText: String, fallback: [ReportNode]) {
        self.id = id
        self.classPrefix = classPrefix
        self.cards = cards
        self.emptyText = emptyText
        self.fallback = fallback
    }
}

/// Links to every page of a paged list, with previous and next. Not shown in Markdown and text,
/// whose pages link back to the first.
public struct Pager: Sendable, Equatable {
    /// The navigation's accessible name, e.g. `Product pages`.
    public var label: String
    public var classPrefix: String
    /// The current page, 1-based.
    public var current: Int
    /// The `href` of each page, in order.
    public var links: [String]

    public init(label: String, classPrefix: String, current: Int, links: [String]) {
        self.label = label
        self.classPrefix = classPrefix
        self.current = current
        self.links = links
    }
}
