import ReportKit
/// One taxonomy of the site (`tags`, or another named in `site.yml`): its terms, each with the
/// pages that name it. Written as a page of terms (`tags/index.html`) and a page per term
/// (`tags/<term>/index.html`), each with its Markdown twin.
struct Taxonomy: Sendable, Equatable {
    /// The front matter key and the output folder: `tags`.
    let name: String
    /// The terms in slug order.
    let terms: [Term]

    /// A term: its name as first written (in content-path order), its slug and its pages.
    struct Term: Sendable, Equatable {
        let name: String
        /// The folder name: lower-cased, spaces to `-`, letters of any script kept.
        let slug: String
        /// Newest first (undated pages last), then by title.
        let pages: [Page]
        /// The term page's folder: `tags/mango`.
        let folder: String
    }

    /// The heading of its terms page: `taxonomy.<name>` in the interface strings (`tags` →
    /// `Tags`, `태그`), else the name capitalised.
    var title: String { Strings.current.table["taxonomy.\(name)"] ?? Page.title(fromFileName: name + ".md") }
    /// The terms page's folder.
    var folder: String { name }

    /// Every folder the taxonomy writes a page into.
    var folders: [String] { [folder] + terms.map(\.folder) }

    /// The taxonomies of `names` that at least one page uses, in the order named.
    static func collect(_ names: [String], from pages: [Page]) -> [Taxonomy] {
        // Pages are taken newest first, so that each term's list is in that order as it is made
        // (one sort of the site, not one per term); a term is named as the first page in the
        // site's order writes it.
        let order = names.isEmpty ? [] : newestFirstOrder(pages)
        return names.compactMap { name in
            var termNames: [String: (name: String, page: Int)] = [:]
            var pagesBySlug: [String: [Page]] = [:]
            for index in order {
                let page = pages[index]
                var seen = Set<String>()
                for term in page.frontMatter.terms[name] ?? [] {
                    let slug = slug(term)
                    guard seen.insert(slug).inserted else { continue }
                    if termNames[slug].map({ index < $0.page }) ?? true { termNames[slug] = (term, index) }
                    pagesBySlug[slug, default: []].append(page)
                }
            }
            guard !pagesBySlug.isEmpty else { return nil }
            let terms = pagesBySlug.keys.sorted().map { slug in
                Term(name: termNames[slug]?.name ?? slug, slug: slug, pages: pagesBySlug[slug] ?? [], folder: name + "/" + slug)
            }
            return Taxonomy(name: name, terms: terms)
        }
    }

    /// The indices of `pages` newest first: undated after dated, then by title and path.
    private static func newestFirstOrder(_ pages: [Page]) -> [Int] {
        // The keys are read once per page and the indices sorted, not the pages.
        let dates = pages.map(\.frontMatter.date)
        let titles = pages.map(\.title)
        let paths = pages.map(\.contentPath)
        return pages.indices.sorted { a, b in
            switch (dates[a], dates[b]) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return titles[a] != titles[b] ? titles[a] < titles[b] : paths[a] < paths[b]
            }
        }
    }

    /// A term's folder name: letters and digits of any script lower-cased, `_` and `.` kept, runs
    /// of anything else (spaces, `/`, `#`, `?`…) turned into one `-`, with no `-` or `.` at the
    /// ends. `Fresh Fruit` → `fresh-fruit`, `재고` → `재고`, `C#/.NET` → `c-.net`.
    static func slug(_ term: String) -> String {
        if term.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(term) }
        var out = ""
        var pendingDash = false
        for character in term {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out += character.lowercased()
            } else {
                pendingDash = true
            }
        }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix(".") || out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// ``slug(_:)`` of an ASCII term, byte by byte.
    private static func asciiSlug(_ term: String) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        for byte in term.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
                pendingDash = false
                out.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte)
            default:
                pendingDash = true
            }
        }
        let trimmed = out.drop { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[end - 1] == UInt8(ascii: ".") || trimmed[end - 1] == UInt8(ascii: "-") { end -= 1 }
        return String(decoding: trimmed[..<end], as: UTF8.self)
    }
}
