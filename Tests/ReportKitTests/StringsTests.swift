import Basics
import Foundation
import ReportKit
import Testing

@Suite("Strings: one table per language, overridable by a site")
struct StringsTests {
    @Test func koreanAndEnglishHaveExactlyTheSameKeys() {
        let english = Strings.builtIn(.en).keys
        let korean = Strings.builtIn(.ko).keys
        #expect(english.count > 250)
        #expect(Set(english).subtracting(korean).sorted() == [])
        #expect(Set(korean).subtracting(english).sorted() == [])
    }

    @Test func theEmbeddedTablesAreTheTemplatesFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/i18n")
        for language in InterfaceLanguage.allCases {
            let text = try String(contentsOf: folder.appendingPathComponent("\(language.rawValue).yml"), encoding: .utf8)
            let onDisk = try Strings.builtIn(.en).overridden(by: text, file: "\(language.rawValue).yml")
            #expect(onDisk.table == Strings.builtIn(language).table, "run Scripts/embed-templates")
        }
    }

    @Test func labelsReadTheCurrentTable() {
        #expect(Strings.builtIn(.en).text("bank.seconds", "8.40") == "8.40 s")
        #expect(Strings.builtIn(.ko).text("bank.seconds", "8.40") == "8.40초")
        #expect(Strings.builtIn(.ko)["market.soldOutCount"] == "품절 {1}개")
    }

    @Test func anOverrideReplacesItsKeysAndKeepsTheRest() throws {
        let strings = try Strings.builtIn(.ko).overridden(by: "bank:\n  meanWait: 평균 기다림\n", file: "Templates/i18n/ko.yml")
        #expect(strings["bank.meanWait"] == "평균 기다림")
        #expect(strings["bank.maxWait"] == "최대 대기")
        #expect(strings.language == .ko)
    }

    @Test func anUnknownKeyIsAnErrorWithFileAndLine() {
        let yaml = "bank:\n  meanWait: 평균\n  meanWiat: 틀림\n"
        #expect(throws: Diagnostic(file: "Templates/i18n/ko.yml", line: 3, "unknown string key \"bank.meanWiat\" (did you mean \"bank.meanWait\"?)")) {
            _ = try Strings.builtIn(.ko).overridden(by: yaml, file: "Templates/i18n/ko.yml")
        }
    }
}
