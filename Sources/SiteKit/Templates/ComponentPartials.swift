import Basics
import ReportKit
import Templating

/// Report components drawn by the site's partials: `partials/product-card`, `partials/gallery`,
/// so a site restyles them by overriding a template, as Hugo sites override shortcodes.
extension TemplateSet {
    /// The component drawn by `partials/NAME` from its value tree; nil when the site has no such
    /// partial (the report then shows the component's fallback). A rendering beyond the limits
    /// throws, naming `page`.
    func renderComponent(_ component: Component, page: String? = nil) throws(Diagnostic) -> String? {
        let name = "partials/\(component.name)"
        guard names.contains(name) else { return nil }
        return try render(name, Self.templateValue(component.value), page: page)
    }

    /// Text, flags, lists and objects as the values templates walk.
    private static func templateValue(_ value: ComponentValue) -> TemplateValue {
        switch value {
        case .text(let text): .text(text)
        case .flag(let flag): .bool(flag)
        case .list(let items): .list(items.map(templateValue))
        case .object(let entries):
            .map(Dictionary(entries.map { ($0.key, templateValue($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
