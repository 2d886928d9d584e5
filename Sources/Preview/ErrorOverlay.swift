import Basics
import ReportKit
import SiteKit

/// The panel a page shows while the latest build is failing: the step that failed and every
/// diagnostic as `file:line: message`. Inline styles only, with its own colours so it reads the
/// same on light and dark pages; every piece of text is HTML-escaped.
enum ErrorOverlay {
    /// The overlay's element id (the script replaces it when a new error arrives).
    static let elementID = "sitegen-error-overlay"

    /// A smaller panel listing a successful build's warnings; empty when there are none.
    static func html(warnings: [Diagnostic]) -> String {
        guard !warnings.isEmpty else { return "" }
        let items = warnings.map { diagnostic in
            "<li style=\"margin:.25rem 0;white-space:pre-wrap;overflow-wrap:anywhere\">\(HTML.escape(diagnostic.description))</li>"
        }
        let count = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
        return """
        <div id="\(elementID)" role="status" style="position:fixed;left:1rem;right:1rem;bottom:1rem;max-height:40vh;overflow:auto;z-index:2147483647;\
        box-sizing:border-box;padding:1rem 1.25rem;border:3px solid #f0b400;border-radius:8px;background:#1c1c1f;color:#f4f4f5;\
        font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left;box-shadow:0 10px 30px rgba(0,0,0,.45)">\
        <button type="button" onclick="this.parentNode.remove()" aria-label="Hide" style="float:right;margin-left:1rem;padding:.1rem .6rem;\
        border:1px solid #a1a1aa;border-radius:4px;background:transparent;color:#f4f4f5;font:inherit;cursor:pointer">×</button>\
        <p style="margin:0 0 .5rem;font-weight:bold;color:#ffd166">⚠ Built with \(count): this content is not shown as written.</p>\
        <ul style="margin:0;padding-left:1.25rem">\(items.joined())</ul>\
        </div>
        """
    }

    /// The overlay's HTML for `failure`.
    static func html(for failure: BuildFailure) -> String {
        let items = failure.diagnostics.map { diagnostic in
            "<li style=\"margin:.25rem 0;white-space:pre-wrap;overflow-wrap:anywhere\">\(HTML.escape(diagnostic.description))</li>"
        }
        let count = failure.diagnostics.count == 1 ? "1 error" : "\(failure.diagnostics.count) errors"
        return """
        <div id="\(elementID)" role="alert" style="position:fixed;left:1rem;right:1rem;bottom:1rem;max-height:60vh;overflow:auto;z-index:2147483647;\
        box-sizing:border-box;padding:1rem 1.25rem;border:3px solid #e5484d;border-radius:8px;background:#1c1c1f;color:#f4f4f5;\
        font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left;box-shadow:0 10px 30px rgba(0,0,0,.45)">\
        <button type="button" onclick="this.parentNode.remove()" aria-label="Hide" style="float:right;margin-left:1rem;padding:.1rem .6rem;\
        border:1px solid #a1a1aa;border-radius:4px;background:transparent;color:#f4f4f5;font:inherit;cursor:pointer">×</button>\
        <p style="margin:0 0 .5rem;font-weight:bold;color:#ff9592">✖ Build failed in step “\(HTML.escape(failure.step))” (\(count)).</p>\
        <ul style="margin:0;padding-left:1.25rem">\(items.joined())</ul>\
        <p style="margin:.5rem 0 0;color:#a1a1aa">The last good version of the site is still served. Fix the file and save: this panel goes away.</p>\
        </div>
        """
    }
}
