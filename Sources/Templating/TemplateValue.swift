/// What a template sees: text, flags, numbers, lists, mappings and objects that answer by name.
///
/// A lookup that finds nothing is `nil` (`TemplateValue?`), which renders as nothing, is false in
/// a section and true in an inverted one.
public enum TemplateValue {
    case text(String)
    case bool(Bool)
    case number(Int)
    case list([TemplateValue])
    case map([String: TemplateValue])
    case object(any TemplateObject)

    /// A list of objects, e.g. `.objects(cards)`.
    public static func objects(_ items: [some TemplateObject]) -> TemplateValue {
        .list(items.map { .object($0) })
    }

    /// The value named `name` one level down: an object's or a mapping's; nothing for the rest.
    func child(named name: String) -> TemplateValue? {
        switch self {
        case .object(let object): object.value(named: name)
        case .map(let entries): entries[name]
        case .text, .bool, .number, .list: nil
        }
    }
}

/// A view model a template walks by name (`{{page.title}}` asks the value for `page`, then its
/// answer for `title`). Answer with the value, or nil when the name means nothing here, so that
/// the lookup goes on up the context stack.
public protocol TemplateObject {
    func value(named name: String) -> TemplateValue?
}
