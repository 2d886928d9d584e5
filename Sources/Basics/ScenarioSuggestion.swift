extension ScenarioNode {
    /// A hint for a mistyped name: ` (did you mean "kiwi"?)` when `text` is within two edits of one
    /// of `candidates`, else an empty string. For values checked by the caller (fruit, juice or
    /// service names), worded like the hint for unknown keys.
    public static func suggestion(for text: String, in candidates: [String]) -> String {
        closest(to: text, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
