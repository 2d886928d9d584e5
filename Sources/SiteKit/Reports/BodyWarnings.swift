import Basics
import Markdown

/// What a page's Markdown holds that the build does not render as the author meant, each a warning
/// with the line and what to do: shortcodes of other generators (printed as text) and raw HTML
/// that is left out (unless `site.yml` sets `unsafe_html: true`).
enum BodyWarnings {
    /// The warnings for a parsed body; lines are the body's (add the page's line offset).
    static func find(in document: MarkdownDocument, body: String, unsafeHTML: Bool) -> [Diagnostic] {
        var code = Set<Int>()
        var warnings: [(line: Int, message: String)] = []
        var htmlLines = Set<Int>()
        var lines: [Substring]? // split only for raw inline HTML, which needs its line looked up
        for node in document.root.descendants() {
            switch node.type {
            case .codeBlock:
                let start = node.startLine
                code.formUnion(start...max(start, node.endLine))
            case .htmlBlock where !unsafeHTML, .htmlInline where !unsafeHTML:
                let literal = node.literal ?? ""
                let trimmed = literal.trimmingCharacters(in: .whitespacesAndNewlines)
                // A comment shows nothing either way; <!--more--> marks the summary.
                guard !trimmed.hasPrefix("<!--") else { continue }
                if node.type == .htmlInline, lines == nil { lines = Self.lines(of: body) }
                let line = node.type == .htmlBlock ? node.startLine : Self.line(of: trimmed, in: lines ?? [], from: node.startLine)
                guard htmlLines.insert(line).inserted else { continue }
                warnings.append((line, "raw HTML \(Self.shown(trimmed)) is left out of the page; write it in Markdown, or set unsafe_html: true in site.yml to keep raw HTML"))
            default:
                continue
            }
        }
        // Every shortcode opens with `{`: most lines have none, and are not copied or searched.
        // Lines are found by bytes and only lines with a `{` become text: splitting the body into
        // Characters was once the most costly part of a page's build.
        var text = body
        let braced = text.withUTF8 { bytes -> [(line: Int, start: Int, end: Int)] in
            var found: [(line: Int, start: Int, end: Int)] = []
            var line = 1
            var start = 0
            var hasBrace = false
            for offset in 0...bytes.count {
                let byte = offset < bytes.count ? bytes[offset] : UInt8(ascii: "\n")
                if byte == UInt8(ascii: "{") { hasBrace = true }
                guard byte == UInt8(ascii: "\n") else { continue }
                if hasBrace, !code.contains(line) { found.append((line, start, offset)) }
                line += 1
                start = offset + 1
                hasBrace = false
            }
            return found
        }
        for (line, start, end) in braced {
            let utf8 = body.utf8
            let range = utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)
            warnings += Self.shortcodeWarnings(in: String(Substring(utf8[range])), line: line)
        }
        return warnings.sorted { $0.line < $1.line }.map { Diagnostic(line: $0.line, $0.message) }
    }

    /// The warnings for the shortcodes of one line of the body.
    private static func shortcodeWarnings(in text: String, line: Int) -> [(line: Int, message: String)] {
        Self.shortcodes(in: Self.withoutCodeSpans(text)).map { shortcode in
            (line, "\(Self.shown(shortcode)) is a shortcode, which sitegen does not run: it is shown as written; \(Self.advice(for: shortcode))")
        }
    }

    /// The body's lines, split on `\n` (a `\r` before it stays on its line).
    private static func lines(of body: String) -> [Substring] {
        body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
    }

    /// The first line at or after `start` (1-based) that holds `text`'s first line; `start` if none.
    private static func line(of text: String, in lines: [Substring], from start: Int) -> Int {
        let first = text.split(separator: "\n").first.map(String.init) ?? text
        for index in max(0, start - 1)..<lines.count where lines[index].contains(first) { return index + 1 }
        return start
    }

    /// `text` shortened to one line of at most 60 characters, in backticks.
    private static func shown(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return "`" + (line.count > 60 ? String(line.prefix(59)) + "…" : line) + "`"
    }

    /// A line with its code spans (`` `…` ``) blanked out: a shortcode in code is shown on purpose.
    static func withoutCodeSpans(_ line: String) -> String {
        guard line.contains("`") else { return line }
        var out = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "`") {
            let run = rest[open...].prefix { $0 == "`" }
            let after = rest[run.endIndex...]
            guard let close = after.range(of: String(run)) else { break }
            out += rest[..<open]
            out += String(repeating: " ", count: rest.distance(from: open, to: close.upperBound))
            rest = after[close.upperBound...]
        }
        return out + rest
    }

    /// The shortcodes of a line: Hugo's `{{< name … >}}` and `{{% name … %}}` (not their closing
    /// tags), and Zola's `{{ name(…) }}` and `{% name(…) %}`.
    static func shortcodes(in line: String) -> [String] {
        var found: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "{{") ?? rest.range(of: "{%") {
            let opener = rest[open]
            let after = rest[open.upperBound...]
            let closer: String
            let inner: Substring
            if opener == "{{", after.first == "<" || after.first == "%" {
                closer = after.first == "<" ? ">}}" : "%}}"
                inner = after.dropFirst()
            } else {
                closer = opener == "{{" ? "}}" : "%}"
                inner = after
            }
            guard let close = inner.range(of: closer) else { break }
            let body = inner[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let isHugo = closer == ">}}" || closer == "%}}"
            let isClosing = body.hasPrefix("/") || body == "end"
            let isCall = body.range(of: #"^[A-Za-z_][A-Za-z0-9_]*\("#, options: .regularExpression) != nil
            if !isClosing, isHugo ? !body.isEmpty && !body.hasPrefix("/*") : isCall {
                found.append(String(rest[open.lowerBound..<close.upperBound]))
            }
            rest = inner[close.upperBound...]
        }
        return found
    }

    /// What to write instead of a shortcode.
    private static func advice(for shortcode: String) -> String {
        let name = shortcode.drop { "{<%} ".contains($0) }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        switch name {
        case "ref", "relref":
            return "link to the Markdown file instead: [text](other-page.md)"
        case "highlight":
            return "use a fenced code block with the language after the opening ``` and remove the closing shortcode"
        case "figure", "resize_image", "image":
            return "use a Markdown image instead: ![description](picture.jpg)"
        case "youtube", "vimeo", "vimeo_simple", "twitter", "twitter_simple", "tweet", "x", "instagram", "gist":
            return "link to what it shows instead: [the video](https://…)"
        default:
            return "replace it with Markdown, or remove it"
        }
    }
}
