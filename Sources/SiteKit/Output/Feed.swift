import Basics
import ReportKit

/// `atom.xml`: an Atom feed (RFC 4287) of the site's dated pages, newest first. It depends on
/// nothing but the pages: the feed's `updated` is the newest page's date, never the clock.
enum Feed {
    /// One dated page.
    struct Entry {
        var title: String
        /// The page's folder in the site (`posts/first`).
        var folder: String
        var date: PageDate
        /// The page's description, else its first paragraph; may be empty.
        var summary: String
    }

    /// The feed's path in the site.
    static let path = "atom.xml"

    /// The feed for a site published at `base` (ending in `/`); nil when no page is dated.
    static func xml(config: SiteConfig, base: String, entries: [Entry]) -> String? {
        let sorted = entries.sorted { a, b in a.date != b.date ? a.date > b.date : (a.title, a.folder) < (b.title, b.folder) }
        guard let newest = sorted.first else { return nil }
        var out = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(text(config.language))">
          <title>\(text(config.title))</title>

        """
        if !config.description.isEmpty { out += "  <subtitle>\(text(config.description))</subtitle>\n" }
        out += """
          <link rel="alternate" type="text/html" href="\(text(base))"/>
          <link rel="self" type="application/atom+xml" href="\(text(base + path))"/>
          <id>\(text(base))</id>
          <updated>\(newest.date.rfc3339)</updated>
          <author><name>\(text(config.author ?? config.title))</name></author>
          <generator>sitegen</generator>

        """
        for entry in sorted {
            let url = entry.folder.isEmpty ? base : base + SitePath.percentEncoded(entry.folder) + "/"
            out += """
              <entry>
                <title>\(text(entry.title))</title>
                <link rel="alternate" type="text/html" href="\(text(url))"/>
                <id>\(text(url))</id>
                <updated>\(entry.date.rfc3339)</updated>

            """
            if !entry.summary.isEmpty { out += "    <summary>\(text(entry.summary))</summary>\n" }
            out += "  </entry>\n"
        }
        return out + "</feed>\n"
    }

    /// Text escaped for XML, without the characters XML 1.0 forbids: control characters
    /// (but tab and line breaks), surrogates, and U+FFFE and U+FFFF.
    static func text(_ value: String) -> String {
        let allowed = value.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
        return HTML.escape(String(String.UnicodeScalarView(allowed)))
    }
}
