import BuiltInKinds
import Foundation
import SiteKit
import Testing

/// The home page's cards: one big labelled headline figure per page with reports, up to two
/// more, the warning colour and sign when something failed, a sparkline with its words, and the
/// figure a block chooses with `card=KEY` in its fence.
@Suite("Dashboard cards")
struct DashboardCardTests {
    static let juice = "```juice\nsteps:\n  - order: strawberry\n  - order: banana\n```\n"

    @Test func aCardLeadsWithItsHeadlineFigureAndWarnsWhenOrdersFail() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/stand.md": "# Stand\n\n" + Self.juice,
            "Content/calc.md": "# Tape\n\n```calc\n1 + 2\n10 ÷ 0\n```\n",
        ])
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let home = try site.output("index.html")
        // Opening stock is 10 of each fruit: a strawberry juice (16) fails, a banana juice (2) is made.
        #expect(home.contains("""
                <li class="card is-warning">
                  <h3 class="card-title"><a href="stand/index.html">Stand</a></h3>
                  <p class="card-figure is-warning"><span class="card-value"><span class="card-sign" aria-hidden="true">▲ </span>1</span> <span class="card-label">Failed</span></p>
                  <dl class="card-more">
                    <div><dt>Served</dt><dd>1</dd></div>
                    <div><dt>Orders</dt><dd>2</dd></div>
                  </dl>
            """))
        // The fruit in stock after each step: 50 at opening, 50, then 48 after the banana juice.
        #expect(home.contains("<svg class=\"sparkline\" viewBox=\"0 0 120 28\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"Fruit in stock after each step: 50 → 48\">"))
        #expect(home.contains("<polyline points=\"0,2 60,2 120,3\" class=\"sparkline-line\"/>"))
        // A tape whose last result is not a number warns too; no chips when a card has figures.
        #expect(home.contains("<span class=\"card-sign\" aria-hidden=\"true\">▲ </span>NaN</span> <span class=\"card-label\">Last: 10 ÷ 0</span>"))
        #expect(!home.contains("class=\"headlines\""))
    }

    @Test func aBlockChoosesItsCardFigure() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/stand.md": "# Stand\n\n" + Self.juice.replacingOccurrences(of: "```juice\n", with: "```juice card=served\n"),
        ])
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let summary = try await site.build()
        #expect(summary.warnings.isEmpty)
        let home = try site.output("index.html")
        #expect(home.contains("<p class=\"card-figure\"><span class=\"card-value\">1</span> <span class=\"card-label\">Served</span></p>"))
        // The failed orders still show, in red, so the card keeps its warning edge.
        #expect(home.contains("<li class=\"card is-warning\">"))
        #expect(home.contains("<div class=\"is-warning\"><dt>Failed</dt><dd>1</dd></div>"))
    }

    @Test func aFigureTheReportLacksIsAWarningAtTheFence() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/stand.md": "# Stand\n\nText.\n\n" + Self.juice.replacingOccurrences(of: "```juice\n", with: "```juice card=profit\n"),
        ])
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        let summary = try await site.build()
        #expect(summary.warnings.map(\.description) == [
            "Content/stand.md:5: card=profit: the juice report has no figure \"profit\"; expected one of: failed, served, orders, fruit-left, steps",
        ])
        // The card keeps the report's own headline.
        #expect(try site.output("index.html").contains("<span class=\"card-label\">Failed</span>"))
    }

    /// A headline too wide to stand beside the figures on a phone is marked for a row of its
    /// own: a sweep's mean wait from the first value to the last (one teller: waits 0, 1, 2, mean
    /// 1.00; three tellers: none), 13 characters, chosen as its headline; the tape's `3` is not.
    @Test func aWideHeadlineIsMarkedForARowOfItsOwn() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/sweep.md": "# Sweep\n\n```bank card=mean-wait\nservices:\n  deposit: {duration: 1}\ntellers: {deposit: 1}\ncustomers: 3\nsweep: {tellers.deposit: [1, 3]}\n```\n",
            "Content/tape.md": "# Tape\n\n```calc\n1 + 2\n```\n",
        ])
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let home = try site.output("index.html")
        #expect(home.contains("<p class=\"card-figure is-wide\"><span class=\"card-value\">1.00 → 0.00 s</span>"))
        #expect(home.contains("<p class=\"card-figure\"><span class=\"card-value\">3</span>"))
    }

    @Test func cardsAreGroupedBySection() async throws {
        var site = try TestSite([
            "Content/index.md": "# Dashboard\n",
            "Content/a/one.md": "# One\n\n```calc\n1 + 1\n```\n",
            "Content/a/two.md": "# Two\n\n```calc\n2 + 2\n```\n",
            "Content/b/three.md": "# Three\n\n```calc\n3 + 3\n```\n",
        ])
        defer { site.remove() }
        site.kinds = BuiltInKinds.all
        try await site.build()
        let home = try site.output("index.html")
        let groups = home.components(separatedBy: "<div class=\"card-group\">").dropFirst().map { group in
            (group.components(separatedBy: "<h3 class=\"card-group-title\">").dropFirst().first?.prefix { $0 != "<" } ?? "",
             group.components(separatedBy: "<li class=\"card").count - 1)
        }
        #expect(groups.map(\.0) == ["A", "B"])
        #expect(groups.map(\.1) == [2, 1])
    }
}
