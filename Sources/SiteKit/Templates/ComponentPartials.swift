import ReportKit

/// Report components drawn by the site's partials: `partials/product-card`, `partials/gallery`,
/// so a site restyles them by overriding a template, as Hugo sites override shortcodes.
extension TemplateSet {
    /// The component drawn by `partials/NAME` from its value tree; nil when the site has no such
    /// partial (the report then shows the component's fallback).
    func renderComponent(_ component: Component) -> String? {
        let name = "partials/\(component.name)"
        guard names.contains(name) else { return nil }
        return library.render(Self.mustacheValue(component.value), withTemplate: name)
    }

    /// Text, flags, lists and objects as the values Mustache walks.
    private static func mustacheValue(_ value: ComponentValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let items): items.map(mustacheValue)
        case .object(let entries):
            Dictionary(entries.map { ($0.key, mustacheValue($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
