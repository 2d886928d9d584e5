import Charts
import Testing

@Suite struct HeatMapTests {
    /// Two rows (2, 3 예금 tellers) by three columns (1, 2, 3 대출 tellers), values 100…500.
    ///
    /// Layout by hand: the rows' title strip is 18 px, the widest row label ("2") 7 px, so the
    /// cells start at x = 18 + 7 + 10 = 35; every text is at most 21 px wide, so cells keep the
    /// minimum width of 52 px (columns at 35, 87, 139) and are 46 px high, under a 40 px header
    /// (rows at y = 40 and 86). The rows' title ("예금 tellers", 56 px, + 8) is shorter than the two
    /// rows (92 px), so the cells end at 132 and the legend starts 14 px lower, at 146.
    private func map(cells: [HeatMap.Cell]? = nil, best: Int? = 0, rows: [String] = ["2", "3"], columns: [String] = ["1", "2", "3"]) -> HeatMap {
        HeatMap(
            title: "Cost <per> day", description: "Six cells & a star.", rowTitle: "예금 tellers", columnTitle: "대출 tellers",
            rows: rows, columns: columns,
            cells: cells ?? [
                .init(value: 100, text: "100"), .init(value: 300, text: "300"), .init(value: 500, text: "500"),
                .init(value: 200, text: "200"), .init(value: 400, text: "400"), .init(value: 500, text: "500", missesTarget: true),
            ],
            best: best, legendTitle: "Cost", bestName: "best", missName: "misses the target", idPrefix: "bank-1-heat")
    }

    /// Each cell's group, from its class to its end.
    private func cells(_ svg: String) -> [String] {
        svg.components(separatedBy: "<g class=\"cell").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    @Test func scaleRunsThroughViridisFromItsLowestToItsHighest() {
        #expect(HeatMap.color(fraction: 0) == "#440154")
        #expect(HeatMap.color(fraction: 0.25) == "#3b528b")
        #expect(HeatMap.color(fraction: 0.5) == "#21918c")
        #expect(HeatMap.color(fraction: 1) == "#fde725")
        // Half-way between the first two stops: (68 + 59) / 2 = 63.5 → 64, (1 + 82) / 2 → 42, (84 + 139) / 2 → 112.
        #expect(HeatMap.color(fraction: 0.125) == "#402a70")
        // 0.9 is 60% of the way from the fourth stop to the last: 94 + 0.6 × 159 = 189.4, 201 + 18, 98 − 36.6.
        #expect(HeatMap.color(fraction: 0.9) == "#bddb3d")
        // Outside the scale: its nearer end; not a number: the lowest.
        #expect(HeatMap.color(fraction: -1) == "#440154")
        #expect(HeatMap.color(fraction: 7) == "#fde725")
        #expect(HeatMap.color(fraction: .nan) == "#440154")
    }

    @Test func textIsBlackOrWhiteWhicheverStandsOutMore() {
        // Black wins where the fill's luminance L is at least 0.179 ((L + 0.05)² ≥ 0.05 × 1.05).
        #expect(HeatMap.textColor(onFill: "#440154") == "#fff")   // L ≈ 0.013
        #expect(HeatMap.textColor(onFill: "#3b528b") == "#fff")   // L ≈ 0.088
        #expect(HeatMap.textColor(onFill: "#21918c") == "#000")   // L ≈ 0.225
        #expect(HeatMap.textColor(onFill: "#fde725") == "#000")   // L ≈ 0.78
        #expect(HeatMap.textColor(onFill: "#000000") == "#fff")
        #expect(HeatMap.textColor(onFill: "#ffffff") == "#000")
        // Greys either side of the crossing: #757575 (L 0.178) and #767676 (L 0.181).
        #expect(HeatMap.textColor(onFill: "#757575") == "#fff")
        #expect(HeatMap.textColor(onFill: "#767676") == "#000")
    }

    @Test func isAnAccessibleDrawingAtItsNaturalSize() {
        let svg = map().svg()
        // 260 wide: the marks' key (★ best, 47 px, then ✗ misses the target, 138 px, 16 px after
        // each) runs to 35 + 217 = 252, plus the 8 px margin; 146 + 54 (scale) + 20 (key) + 8 high.
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"heat-map\" width=\"260\" height=\"228\" role=\"img\" aria-labelledby=\"bank-1-heat-title bank-1-heat-desc\""))
        #expect(svg.contains("<title id=\"bank-1-heat-title\">Cost &lt;per&gt; day</title>"))
        #expect(svg.contains("<desc id=\"bank-1-heat-desc\">Six cells &amp; a star.</desc>"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func cellsStandInRowsAndColumnsFilledByValue() {
        let drawn = cells(map(best: nil).svg())
        #expect(drawn.count == 6)
        // 100 is the lowest (violet, white text), 300 the middle (teal, black), 500 the highest (yellow).
        #expect(drawn[0] == "\"><title>예금 tellers 2 · 대출 tellers 1: 100</title><rect x=\"35\" y=\"40\" width=\"52\" height=\"46\" style=\"fill: #440154; stroke: var(--card, #fff); stroke-width: 2\"/><text x=\"61\" y=\"60\" text-anchor=\"middle\" style=\"fill: #fff; font-weight: 600\">100</text></g>")
        #expect(drawn[1].contains("<rect x=\"87\" y=\"40\" width=\"52\" height=\"46\" style=\"fill: #21918c;"))
        #expect(drawn[1].contains("<text x=\"113\" y=\"60\" text-anchor=\"middle\" style=\"fill: #000; font-weight: 600\">300</text>"))
        #expect(drawn[2].contains("<rect x=\"139\" y=\"40\" width=\"52\" height=\"46\" style=\"fill: #fde725;"))
        // The second row: 200 a quarter up (#3b528b, white text), 400 three quarters (#5ec962, black).
        #expect(drawn[3].contains("<rect x=\"35\" y=\"86\" width=\"52\" height=\"46\" style=\"fill: #3b528b;"))
        #expect(drawn[3].contains("style=\"fill: #fff; font-weight: 600\">200</text>"))
        #expect(drawn[4].contains("<rect x=\"87\" y=\"86\" width=\"52\" height=\"46\" style=\"fill: #5ec962;"))
        #expect(drawn[4].contains("style=\"fill: #000; font-weight: 600\">400</text>"))
    }

    @Test func axesNameTheRowsAndTheColumns() {
        let svg = map().svg()
        // The columns' title centred over the 156 px of cells; their labels in the middle of each.
        #expect(svg.contains("<text class=\"axis-label\" x=\"113\" y=\"14\" text-anchor=\"middle\" style=\"fill: var(--fg, #18181b)\">대출 tellers →</text>"))
        #expect(svg.contains("<text x=\"61\" y=\"33\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">1</text>"))
        #expect(svg.contains("<text x=\"165\" y=\"33\" text-anchor=\"middle\" style=\"fill: var(--muted, #52525b)\">3</text>"))
        // Row labels right-aligned 6 px before the cells, on each row's middle (+4 for the baseline).
        #expect(svg.contains("<text x=\"29\" y=\"67\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">2</text>"))
        #expect(svg.contains("<text x=\"29\" y=\"113\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">3</text>"))
        // The rows' title turned upwards, centred on the rows (40…132).
        #expect(svg.contains("<text class=\"axis-label\" x=\"13\" y=\"86\" text-anchor=\"middle\" transform=\"rotate(-90 13 86)\" style=\"fill: var(--fg, #18181b)\">예금 tellers</text>"))
    }

    @Test func bestCellHasAStarAndARingAndMissesHaveACross() {
        let drawn = cells(map(best: 0).svg())
        #expect(drawn[0].hasPrefix(" best\"><title>예금 tellers 2 · 대출 tellers 1: 100 (best)</title>"))
        #expect(drawn[0].contains("<rect class=\"outline\" x=\"36.5\" y=\"41.5\" width=\"49\" height=\"43\" style=\"fill: none; stroke: var(--fg, #18181b); stroke-width: 3\"/>"))
        #expect(drawn[0].contains("<rect x=\"39\" y=\"44\" width=\"44\" height=\"38\" style=\"fill: none; stroke: var(--card, #fff); stroke-width: 1.5\"/>"))
        #expect(drawn[0].hasSuffix("<text x=\"61\" y=\"76\" text-anchor=\"middle\" style=\"fill: #fff\">★</text></g>"))
        #expect(drawn[5].hasPrefix(" misses\"><title>예금 tellers 3 · 대출 tellers 3: 500 (misses the target)</title>"))
        #expect(drawn[5].hasSuffix("<text x=\"165\" y=\"122\" text-anchor=\"middle\" style=\"fill: #000\">✗</text></g>"))
        for index in 1...4 { #expect(!drawn[index].contains("★") && !drawn[index].contains("✗")) }
        // A best cell that misses too carries both marks.
        let both = cells(map(best: 5).svg())[5]
        #expect(both.hasPrefix(" best misses\"><title>예금 tellers 3 · 대출 tellers 3: 500 (best) (misses the target)</title>"))
        #expect(both.contains(">★ ✗</text>"))
    }

    @Test func legendShowsTheScaleFromItsLowestToItsHighestAndTheMarks() {
        let svg = map().svg()
        let legend = svg.components(separatedBy: "<g class=\"legend\">")[1]
        #expect(legend.contains("<linearGradient id=\"bank-1-heat-scale\"><stop offset=\"0%\" stop-color=\"#440154\"/><stop offset=\"25%\" stop-color=\"#3b528b\"/><stop offset=\"50%\" stop-color=\"#21918c\"/><stop offset=\"75%\" stop-color=\"#5ec962\"/><stop offset=\"100%\" stop-color=\"#fde725\"/></linearGradient>"))
        #expect(legend.contains("<text x=\"35\" y=\"158\" style=\"fill: var(--fg, #18181b)\">Cost</text>"))
        // As wide as the cells (156 px), from 166 to 178; the values under its ends.
        #expect(legend.contains("<rect x=\"35\" y=\"166\" width=\"156\" height=\"12\" style=\"fill: url(#bank-1-heat-scale); stroke: var(--border, #d4d4d8); stroke-width: 1\"/>"))
        #expect(legend.contains("<text x=\"35\" y=\"192\" style=\"fill: var(--muted, #52525b)\">100</text>"))
        #expect(legend.contains("<text x=\"191\" y=\"192\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">500</text>"))
        #expect(legend.contains("<text x=\"35\" y=\"214\" style=\"fill: var(--fg, #18181b)\">★ best</text>"))
        #expect(legend.contains("<text x=\"98\" y=\"214\" style=\"fill: var(--fg, #18181b)\">✗ misses the target</text>"))
        // Without a best cell or a miss, the key is left out and the drawing is 20 px shorter.
        let plain = map(cells: (1...6).map { .init(value: Double($0), text: String($0)) }, best: nil).svg()
        #expect(!plain.contains("★") && !plain.contains("✗"))
        #expect(plain.contains("width=\"199\" height=\"208\""))
    }

    @Test func textIsEscaped() {
        let svg = HeatMap(
            title: "t", description: "d", rowTitle: "<rows>", columnTitle: "a & b", rows: ["<1>"], columns: ["\"2\""],
            cells: [.init(value: 1, text: "<v>")], best: 0, legendTitle: "<legend>", legendLabel: { _ in "&" },
            bestName: "<best>", missName: "m", idPrefix: "x\"y"
        ).svg()
        #expect(svg.contains(">&lt;rows&gt;</text>"))
        #expect(svg.contains(">a &amp; b →</text>"))
        #expect(svg.contains(">&lt;1&gt;</text>"))
        #expect(svg.contains(">&quot;2&quot;</text>"))
        #expect(svg.contains("<title>&lt;rows&gt; &lt;1&gt; · a &amp; b &quot;2&quot;: &lt;v&gt; (&lt;best&gt;)</title>"))
        #expect(svg.contains(">&lt;v&gt;</text>"))
        #expect(svg.contains(">&lt;legend&gt;</text>"))
        #expect(svg.contains(">★ &lt;best&gt;</text>"))
        #expect(svg.contains("aria-labelledby=\"x&quot;y-title x&quot;y-desc\""))
        #expect(!svg.contains("<v>") && !svg.contains("<rows>") && !svg.contains("<legend>"))
    }

    @Test func aLongLegendTitleWrapsOverTheScale() {
        var long = map()
        long.legendTitle = "the share of all customers who wait at most 600 s"
        let svg = long.svg()
        // The scale's room is 240 px (the cells are 156): "the share of all customers who" is 30 ×
        // 7 = 210 px and "wait" would make it 245, so the title breaks there and the scale moves 16 px down.
        #expect(svg.contains("<text x=\"35\" y=\"158\" style=\"fill: var(--fg, #18181b)\">the share of all customers who</text>"))
        #expect(svg.contains("<text x=\"35\" y=\"174\" style=\"fill: var(--fg, #18181b)\">wait at most 600 s</text>"))
        #expect(svg.contains("<rect x=\"35\" y=\"182\" width=\"156\" height=\"12\""))
        #expect(svg.contains(">★ best</text>") && svg.contains("y=\"230\" style=\"fill: var(--fg, #18181b)\">★ best</text>"))
        // As wide as the key (252 + 8), 16 px taller than with a one-line title.
        #expect(svg.contains("width=\"260\" height=\"244\""))
    }

    @Test func oneRowMakesRoomForItsTitle() {
        let svg = map(cells: [.init(value: 1, text: "1"), .init(value: 2, text: "2"), .init(value: 3, text: "3")], best: nil, rows: ["4"]).svg()
        // The title (88 px with its room) is longer than the row (46 px): the band is 88 px, so
        // the cells end at 128 and the title's middle is at 84; the row label stays on its row.
        #expect(svg.contains("transform=\"rotate(-90 13 84)\""))
        #expect(svg.contains("<text x=\"29\" y=\"67\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">4</text>"))
        #expect(svg.contains("<text x=\"35\" y=\"154\" style=\"fill: var(--fg, #18181b)\">Cost</text>"))
        #expect(cells(svg).count == 3)
    }

    @Test func oneColumnKeepsItsLegendReadable() {
        let svg = map(cells: [.init(value: 1000, text: "1000"), .init(value: 2000, text: "2000")], best: nil, columns: ["1"]).svg()
        // One 52 px column; the scale is 120 px wide at least, with "1000" and "2000" under its ends.
        #expect(cells(svg).count == 2)
        #expect(svg.contains("<rect x=\"35\" y=\"166\" width=\"120\" height=\"12\""))
        #expect(svg.contains("<text x=\"155\" y=\"192\" text-anchor=\"end\" style=\"fill: var(--muted, #52525b)\">2000</text>"))
        // The columns' title (56 px) is wider than the cells: it starts at their left edge.
        #expect(svg.contains("<text class=\"axis-label\" x=\"35\" y=\"14\" text-anchor=\"start\""))
    }

    @Test func equalValuesTakeTheMiddleOfTheScale() {
        let svg = map(cells: (0..<6).map { _ in .init(value: 7, text: "7") }, best: nil).svg()
        #expect(cells(svg).allSatisfy { $0.contains("fill: #21918c;") && $0.contains("fill: #000; font-weight: 600") })
        // The legend's bar is the one colour, with the one value under it.
        #expect(svg.contains("<rect x=\"35\" y=\"166\" width=\"156\" height=\"12\" style=\"fill: #21918c;"))
        #expect(svg.components(separatedBy: ">7</text>").count - 1 == 7)
        #expect(!svg.contains("linearGradient"))
    }

    @Test func cellsWithoutAValueAreLeftUnfilled() {
        let svg = map(cells: [
            .init(value: nil, text: "—"), .init(value: .nan, text: "—"), .init(value: .infinity, text: "∞"),
            .init(value: 10, text: "10"), .init(value: 30, text: "30"),
        ], best: 1).svg()
        let drawn = cells(svg)
        // Five cells given for six places: the sixth is drawn empty; the scale runs 10…30.
        #expect(drawn.count == 6)
        #expect(drawn[0].contains("<rect x=\"36\" y=\"41\" width=\"50\" height=\"44\" style=\"fill: none; stroke: var(--border, #d4d4d8); stroke-width: 1; stroke-dasharray: 3 3\"/>"))
        #expect(drawn[0].contains("style=\"fill: var(--fg, #18181b); font-weight: 600\">—</text>"))
        #expect(drawn[1].hasPrefix(" best\">") && drawn[1].contains("fill: none; stroke: var(--border"))
        #expect(drawn[2].contains("fill: none; stroke: var(--border") && drawn[2].contains(">∞</text>"))
        #expect(drawn[3].contains("fill: #440154;") && drawn[4].contains("fill: #fde725;"))
        #expect(drawn[5].contains("fill: none; stroke: var(--border") && drawn[5].contains("<title>예금 tellers 3 · 대출 tellers 3: </title>"))
        #expect(svg.contains(">10</text>") && svg.contains(">30</text>"))
        // No value at all: no scale, and nothing breaks.
        let none = map(cells: [.init(value: .nan, text: "—")], best: 7).svg()
        #expect(!none.contains("<linearGradient") && !none.contains("★"))
        #expect(cells(none).count == 6)
        let empty = HeatMap(title: "t", description: "d", rowTitle: "r", columnTitle: "c", rows: [], columns: [], cells: [],
                            legendTitle: "l", bestName: "b", missName: "m", idPrefix: "e").svg()
        #expect(empty.hasSuffix("</svg>\n") && cells(empty).isEmpty)
    }
}
