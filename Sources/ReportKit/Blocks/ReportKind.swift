import Basics

/// One kind of report block, selected by the info string of a fenced code block (`bank`, `calc`, …).
///
/// A kind turns the block's body into a ``Report``: HTML for the page, Markdown for the `.md`
/// report, data files for download, headline figures for the dashboard. Kinds are registered with
/// the site builder; the pipeline never needs to know which kinds exist. A kind is one folder:
/// its code, and in `Files/` its strings, stylesheet and partials (``builtIn``).
public protocol ReportKind: Sendable {
    /// The info string that selects this kind, e.g. `bank`.
    var name: String { get }

    /// What the kind carries besides its code: the files of its `Files/` folder — its strings per
    /// language (`i18n/en.yml`), its stylesheet (`assets/bank.css`), its partials
    /// (`partials/product-card.mustache`). The site adds them to its built-in templates and
    /// strings, and links the kind's stylesheets only on the pages that show the kind.
    var builtIn: BuiltInFiles { get }

    /// Runs the block and renders its report. Blocks of a build run concurrently; a kind that
    /// fetches data awaits it here.
    ///
    /// Throw a ``Diagnostic`` or ``Diagnostics`` for bad input, with lines counted in the page
    /// (use ``ScenarioNode/parse(_:lineOffset:)`` with `block.lineOffset`).
    func run(_ block: ReportBlock, context: ReportContext) async throws -> Report
}

extension ReportKind {
    /// No files: a kind that brings nothing but its reports.
    public var builtIn: BuiltInFiles { .none }
}
