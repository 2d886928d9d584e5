import Basics
import Foundation
import ReportKit
import Testing

@Suite("Strings: one table per language, overridable by a site")
struct StringsTests {
    @Test func theRenderersOwnWordsAreInEveryTable() {
        #expect(Strings(language: .en)["report.download"] == "Download")
        #expect(Strings(language: .ko)["report.download"] == "내려받기")
        #expect(Strings(language: .ko).text("report.page") == "페이지")
    }

    @Test func partsAreMergedIntoOneTablePerLanguage() {
        let part = StringTables(files: [
            "i18n/en.yml": "shop:\n  title: \"Shop: {1}\"\n",
            "i18n/ko.yml": "shop:\n  title: \"가게: {1}\"\n",
        ])
        #expect(part.problems.isEmpty)
        #expect(Strings(language: .en, tables: [part]).text("shop.title", "Mango") == "Shop: Mango")
        #expect(Strings(language: .ko, tables: [part]).text("shop.title", "망고") == "가게: 망고")
        #expect(Strings(language: .ko, tables: [part]).keys == ["report.download", "report.grid", "report.list", "report.next", "report.page", "report.previous", "shop.title"])
        #expect(Strings(language: .ko, tables: [part]).groups == ["report.", "shop."])
    }

    @Test func aPartWithoutALanguagesTableOrWithBadYAMLHasProblems() {
        let missing = StringTables(files: ["i18n/en.yml": "shop:\n  title: Shop\n"])
        #expect(missing.problems.map(\.description) == ["i18n/ko.yml: missing: every language needs its table"])
        let bad = StringTables(files: ["i18n/en.yml": "shop:\n  title: [a, b]\n", "i18n/ko.yml": "shop: {title: 가게}\n"])
        #expect(bad.problems.count == 1)
        #expect(bad.problems.first?.file == "i18n/en.yml")
        #expect(bad.problems.first?.line == 2)
        #expect(StringTables(files: ["assets/shop.css": "p {}\n"]).problems.isEmpty)
    }

    @Test func anOverrideReplacesItsKeysAndKeepsTheRest() throws {
        let strings = try Strings(language: .ko).overridden(by: "report:\n  download: 받기\n", file: "Templates/i18n/ko.yml")
        #expect(strings["report.download"] == "받기")
        #expect(strings["report.grid"] == "격자")
        #expect(strings.language == .ko)
    }

    @Test func anUnknownKeyIsAnErrorWithFileAndLine() {
        let yaml = "report:\n  grid: 격자\n  gird: 틀림\n"
        #expect(throws: Diagnostic(file: "Templates/i18n/ko.yml", line: 3, "unknown string key \"report.gird\" (did you mean \"report.grid\"?)")) {
            _ = try Strings(language: .ko).overridden(by: yaml, file: "Templates/i18n/ko.yml")
        }
    }
}
