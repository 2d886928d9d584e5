import Markdown
import Testing

/// The `.md` twins keep the extensions as written: tables, task items and strikethrough render
/// back to GFM, and what they render to parses to the same HTML.
@Suite("GFM back to CommonMark")
struct GFMCommonMarkTests {
    static let table = """
        Before the table
        | Fruit | Price | Note |
        |:--|--:|:-:|
        | [Mango](day.md#prices) | 3 \\| 4 | `a\\|b` |
        | ~~Kiwi~~ | 1 |
        after

        """

    @Test func tableRendersAsAPipeTable() {
        let document = MarkdownDocument(parsing: Self.table, extensions: .gfm)
        #expect(document.renderCommonMark() == """
            Before the table

            | Fruit | Price | Note |
            | :-- | --: | :-: |
            | [Mango](day.md#prices) | 3 \\| 4 | `a\\|b` |
            | ~~Kiwi~~ | 1 |  |
            | after |  |  |

            """)
    }

    @Test func linkTargetsInCellsCanBeRewritten() {
        let document = MarkdownDocument(parsing: Self.table, extensions: .gfm)
        let links = document.links()
        #expect(links.map(\.url) == ["day.md#prices"])
        links[0].url = "../day/index.html#prices"
        #expect(document.renderHTML().contains("<td style=\"text-align: left\"><a href=\"../day/index.html#prices\">Mango</a></td>"))
        links[0].url = "../day/index.md#prices"
        #expect(document.renderCommonMark().contains("| [Mango](../day/index.md#prices) |"))
        // HTML after CommonMark is unchanged: the table's nodes are back in place.
        #expect(document.renderHTML().contains("<td style=\"text-align: center\"><code>a|b</code></td>"))
    }

    @Test func roundTripGivesTheSameHTML() {
        let sources = [
            Self.table,
            "- [ ] open\n- [x] done ~~old~~ ~new~\n\n> | a |\n> | - |\n> | www.x.org |\n",
            "1. [x] one\n\n2. [ ] two\n",
            "| 한 | 글 |\n| --- | --- |\n| 재고 | *없음* \\| 0 |\n",
        ]
        for source in sources {
            let first = MarkdownDocument(parsing: source, extensions: .gfm)
            let again = MarkdownDocument(parsing: first.renderCommonMark(), extensions: .gfm)
            #expect(again.renderHTML() == first.renderHTML(), "\(source)")
        }
    }

    @Test func tasksAndStrikethroughStayGFM() {
        let document = MarkdownDocument(parsing: "- [ ] open\n- [x] done ~~old~~ ~new~\n", extensions: .gfm)
        #expect(document.renderCommonMark() == "  - [ ] open\n  - [x] done ~~old~~ ~new~\n")
    }
}
