import Foundation

/// The functions a tag may apply to a value, `{{#empty(page.toc)}}`, as swift-mustache names them.
enum TemplateTransforms {
    /// `name` applied to `value`; nil when the value has no such transform.
    static func apply(_ name: String, to value: TemplateValue) -> TemplateValue? {
        switch value {
        case .text(let text):
            switch name {
            case "empty": .bool(text.isEmpty)
            case "capitalized": .text(text.capitalized)
            case "lowercased": .text(text.lowercased())
            case "uppercased": .text(text.uppercased())
            case "reversed": .text(String(text.reversed()))
            default: nil
            }
        case .number(let number):
            switch name {
            case "equalzero": .bool(number == 0)
            case "plusone": number < Int.max ? .number(number + 1) : nil
            case "minusone": number > Int.min ? .number(number - 1) : nil
            case "even": .bool(number & 1 == 0)
            case "odd": .bool(number & 1 == 1)
            default: nil
            }
        case .list(let items):
            switch name {
            case "first": items.first
            case "last": items.last
            case "reversed": .list(items.reversed())
            case "count": .number(items.count)
            case "empty": .bool(items.isEmpty)
            case "sorted": sorted(items).map(TemplateValue.list)
            default: nil
            }
        case .map(let entries):
            switch name {
            case "count": .number(entries.count)
            case "empty": .bool(entries.isEmpty)
            // Key order, for a deterministic page (swift-mustache's `enumerated` is hash order).
            case "enumerated", "sorted":
                .list(entries.sorted { $0.key < $1.key }.map { .map(["key": .text($0.key), "value": $0.value]) })
            default: nil
            }
        case .bool, .object:
            nil
        }
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()` inside a list's section.
    static func apply(_ name: String, at index: Int, of count: Int) -> TemplateValue? {
        switch name {
        case "first": .bool(index == 0)
        case "last": .bool(index == count - 1)
        case "index": .number(index)
        case "even": .bool(index & 1 == 0)
        case "odd": .bool(index & 1 == 1)
        default: nil
        }
    }

    /// A list of texts or of numbers, sorted; nil for anything else.
    private static func sorted(_ items: [TemplateValue]) -> [TemplateValue]? {
        var texts: [String] = []
        var numbers: [Int] = []
        for item in items {
            switch item {
            case .text(let text): texts.append(text)
            case .number(let number): numbers.append(number)
            default: return nil
            }
        }
        if numbers.isEmpty { return texts.sorted().map(TemplateValue.text) }
        if texts.isEmpty { return numbers.sorted().map(TemplateValue.number) }
        return nil
    }
}
