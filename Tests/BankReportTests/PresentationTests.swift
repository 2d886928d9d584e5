import BankReport
import BankSimulation
import Foundation
import ReportKit
import Testing

/// How a report reads to a branch manager: a one-setting sweep with costs opens with the
/// cheapest value, swept settings read as a person says them, and Korean counters follow their
/// numbers.
@Suite struct PresentationTests {
    /// ``FiveDeposits`` with costs on 1–4 tellers: a teller 1 a second, paid until the last
    /// customer leaves, and 1 a second waited. Waits and closing: 1 teller 0+1+2+3+4 = 10, closes
    /// at 5 → 5 + 10 = 15; 2 tellers 0+0+1+1+2 = 4, closes at 3 → 6 + 4 = 10; 3 tellers
    /// 0+0+0+1+1 = 2, closes at 2 → 6 + 2 = 8; 4 tellers 0+0+0+0+1 = 1, closes at 2 → 8 + 1 = 9.
    /// Mean waits 2, 0.8, 0.4, 0.2 s.
    static let costly = FiveDeposits.costly(sweep: "tellers.deposit: [1, 2, 3, 4]")

    /// A saving below zero leads with its minus sign, before the currency (`−₩21,337`), in the
    /// staffing-cost page's grid, where the next-best's paired interval straddles zero.
    @Test func aLossLeadsWithItsMinusSign() async throws {
        let report = try await ReportTests.report("""
            seed: 26
            open: "09:00"
            close: "16:00"
            services:
              deposit: {name: 예금, duration: {exponential: 5 min}, weight: 4, patience: {exponential: 15 min}}
              loan: {name: 대출, duration: {exponential: 20 min}, weight: 1, patience: {exponential: 15 min}}
            arrival:
              rate: [{from: "09:00", per_hour: 30}, {from: "12:00", per_hour: 90}, {from: "13:00", per_hour: 30}]
            cost: {teller_per_hour: 25000, waiting_per_hour: 15000, abandon: 20000, currency: KRW}
            target: {within: 10 min, percent: 80}
            replications: 20
            sweep: {tellers.deposit: [4], tellers.loan: [2, 3]}
            """)
        #expect(report.html.contains("paired 95% interval of the saving −₩21,337 to ₩32,620"))
        #expect(!report.html.contains("₩−"))
    }

    /// A grid's table caption starts with a capital even when its figure's name does not.
    @Test func aGridTableCaptionStartsWithACapital() async throws {
        let report = try await ReportTests.report("""
            services:
              deposit: {duration: 1}
              loan: {duration: 1}
            customers: 6
            target: {within: 1, percent: 80}
            sweep: {tellers.deposit: [1, 2], tellers.loan: [1, 2]}
            """)
        #expect(report.html.contains("The share of all customers who wait at most 1 s per cell, rows by 예금 tellers and columns by 대출 tellers"))
    }

    @Test func aSweepWithCostsOpensWithTheCheapestValue() async throws {
        let report = try await ReportTests.report(Self.costly)
        let html = report.html
        let answer = "<p class=\"answer\">Cheapest: 3 예금 tellers, at ₩8 a day.</p>"
        #expect(html.contains(answer))
        #expect(html.contains(
            "<p class=\"answer-detail\">It costs ₩1 a day less than the next-best, 4 예금 tellers (₩9 a day). Of that: tellers ₩6, waiting ₩2, customers who gave up ₩0.</p>"))
        #expect(html.contains("<div><dt>Cheapest staffing</dt><dd>3 예금 tellers</dd></div>"))
        #expect(html.contains("<div><dt>Cost a day</dt><dd>₩8</dd></div>"))
        // The answer comes first; the deciding table has the cost a day, ★ on the cheapest.
        let opening = try #require(html.range(of: answer)), table = try #require(html.range(of: "<table"))
        #expect(opening.lowerBound < table.lowerBound)
        #expect(html.contains("<th scope=\"col\" class=\"num\">Cost a day (KRW)</th>"))
        #expect(html.contains("8 <span class=\"best-mark\" aria-hidden=\"true\">★</span><span class=\"visually-hidden\"> (best)</span>"))
        #expect(html.contains("tellers are paid from opening until the doors close or its last customer is served"))
        #expect(report.headlines == ["Cheapest staffing: 3 예금 tellers", "Cost a day: ₩8"])
        // 3 lies inside 1…4: no warning that the sweep should go further.
        #expect(!html.contains("note edge"))
    }

    /// The grid's warning when the cheapest lies at an end of the tellers tried, on a one-setting
    /// sweep: of 1–3 tellers 3 is cheapest (15, 10, 8), so 4 might cost less; of 3–4, 3 is
    /// cheapest (8, 9), so 2 might.
    @Test func aSweepsCheapestAtAnEndOfTheTellersTriedIsWarnedOf() async throws {
        let most = FiveDeposits.costly(sweep: "tellers.deposit: [1, 2, 3]")
        let html = try await ReportTests.report(most).html
        let note = "<p class=\"note edge\">At the end of the sweep: the cheapest value has the most 예금 tellers the sweep tries (3), and 4 예금 tellers might cost less. Extend tellers.deposit to 4 to know.</p>"
        #expect(html.contains(note))
        #expect(html.components(separatedBy: "class=\"note edge\"").count == 2)
        // Under the answer's tiles, before what was run.
        let tiles = try #require(html.range(of: "<div><dt>Cost a day</dt>")), warning = try #require(html.range(of: note))
        let intro = try #require(html.range(of: "The same day run once for each of 3 values"))
        #expect(tiles.lowerBound < warning.lowerBound && warning.lowerBound < intro.lowerBound)
        let fewest = FiveDeposits.costly(sweep: "tellers.deposit: [3, 4]")
        #expect(try await ReportTests.report(fewest).html.contains(
            "<p class=\"note edge\">At the end of the sweep: the cheapest value has the fewest 예금 tellers the sweep tries (3), and 2 예금 tellers might cost less. Extend tellers.deposit down to 2 to know.</p>"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(most).html }
        #expect(korean.contains(
            "<p class=\"note edge\">비교한 값의 끝: 가장 싼 값은 비교한 값 중 가장 많은 예금 은행원(3명)입니다. 예금 은행원 4명이면 더 쌀 수 있습니다. tellers.deposit 값을 4까지 늘려 확인하세요.</p>"))
        // Without costs a sweep answers with its target or its largest change, and warns of no edge.
        let free = FiveDeposits.day + FiveDeposits.sweep("tellers.deposit: [1, 2, 3]")
        #expect(!(try await ReportTests.report(free).html.contains("note edge")))
    }

    @Test func withATargetTheCheapestThatMeetsItLeads() async throws {
        let report = try await ReportTests.report(Self.costly + "target: {mean_wait: 0.3}\n")
        #expect(report.html.contains(
            "Cheapest that meets the target (all customers wait at most 0.3 s on average): 4 예금 tellers, at ₩9 a day."))
        #expect(report.html.contains("It is the only staffing tried that meets the target."))
    }

    @Test func koreanCostOpeningReadsInKorean() async throws {
        let html = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.costly).html }
        #expect(html.contains("가장 싼 배치: 예금 은행원 3명, 하루 8원."))
        #expect(html.contains("다음으로 싼 예금 은행원 4명(하루 9원)보다 하루 1원 적게 듭니다."))
        #expect(html.contains("<div><dt>가장 싼 배치</dt><dd>예금 은행원 3명</dd></div>"))
        // Won is 원 in a Korean header, never the code KRW.
        #expect(html.contains("<th scope=\"col\" class=\"num\">하루 비용(원)</th>") && !html.contains("KRW"))
    }

    /// Five deposit customers at opening, 1 s each, patience 1 s (one who waits exactly 1 s is
    /// still served). One teller: 1 and 2 are served (waits 0 and 1), 3, 4 and 5 leave at 1 s:
    /// waits 4 s, the teller paid until 2 s at 10 a second: 20 + 4 = 24. Two tellers: 1–4 served
    /// (waits 0, 0, 1, 1), 5 leaves at 1 s: waits 3, tellers 2 × 2 × 10 = 40: 43.
    static let patient = """
        services:
          deposit: {duration: 1, patience: 1}
          loan: {duration: 1, weight: 0}
        tellers: {loan: 0}
        customers: 5
        cost: {teller_per_hour: 36000, waiting_per_hour: 3600}
        sweep: {tellers.deposit: [1, 2]}

        """

    @Test func whoGivesUpIsCountedWithTheCounterAfterEachNumber() async throws {
        let english = try await ReportTests.report(Self.patient).html
        #expect(english.contains("Cheapest: 1 예금 teller, at ₩24 a day."))
        #expect(english.contains(
            "With it, 3 customers a day give up waiting (60.0% of those who come). It costs ₩19 a day less than the next-best, 2 예금 tellers (₩43 a day)."))
        #expect(english.contains("<div><dt>Gave up a day</dt><dd>3</dd></div>"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(Self.patient).html }
        #expect(korean.contains("이 배치에서는 기다리다 떠나는 고객이 하루 3명으로, 온 고객의 60.0%입니다."))
        #expect(korean.contains("<div><dt>하루에 떠난 고객</dt><dd>3명</dd></div>"))
    }

    /// Over several days the count and both ends of its interval carry the counter:
    /// `하루 45.7명 (95% 구간 40.9–51.0명)`, never `45.7 (95% 구간 40.9–51.0)명`.
    @Test func aKoreanIntervalOfPeopleCarriesItsCounter() async throws {
        let yaml = """
            seed: 4
            open: "09:00"
            close: "11:00"
            services:
              deposit: {duration: {exponential: 5 min}, patience: {exponential: 5 min}}
              loan: {duration: 1, weight: 0}
            tellers: {loan: 0}
            arrival: {per_hour: 40}
            cost: {teller_per_hour: 25000, waiting_per_hour: 15000}
            replications: 5
            sweep: {tellers.deposit: [1, 2]}

            """
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(yaml).html }
        let sentence = try #require(korean.firstMatch(of: /기다리다 떠나는 고객이 하루 [0-9.]+명 \(95% 구간 [0-9.]+–[0-9.]+명\)으로, 온 고객의 [0-9.]+%입니다/))
        #expect(!sentence.output.isEmpty)
        #expect(korean.firstMatch(of: /<dt>하루에 떠난 고객<\/dt><dd>[0-9.]+명 \([0-9.]+–[0-9.]+명\)<\/dd>/) != nil)
    }

    /// Without a target the service level counts waits up to a customer's mean business rounded
    /// in the day's scale: 5 and 20 min in equal shares are 12.5 min → 10 min (not 750 s → 1,000 s);
    /// the seed's 0.7 s and 1.1 s still give 1 s.
    @Test func theDefaultThresholdIsARoundFigureInTheDaysScale() throws {
        let branch = "services:\n  deposit: {duration: {exponential: 5 min}}\n  loan: {duration: {exponential: 20 min}}\n"
        let minutes = try BankScenarioParser.parse(branch).scenario
        #expect(minutes.timeScale == .minutes && minutes.serviceLevelThreshold == 600)
        let hours = try BankScenarioParser.parse("open: \"09:00\"\nclose: \"16:00\"\narrival: {per_hour: 30}\nservices:\n  deposit: {duration: 300}\n").scenario
        #expect(hours.timeScale == .minutes && hours.serviceLevelThreshold == 300)
        let seed = try BankScenarioParser.parse("customers: 3\n").scenario
        #expect(seed.timeScale == .seconds && seed.serviceLevelThreshold == 1)
        // Written in seconds, 750 s stays on the seconds' scale: 1,000 s.
        let bare = try BankScenarioParser.parse("services:\n  deposit: {duration: 300}\n  loan: {duration: 1200}\n").scenario
        #expect(bare.timeScale == .seconds && bare.serviceLevelThreshold == 1000)
    }

    /// A day written in minutes is read in minutes. Three deposit customers at opening, 5 min each,
    /// one teller: they wait 0, 5 and 10 min (mean 5.0, max 10.0) and the last leaves at 15 min;
    /// the threshold is the 5 min business: 2 of 3 wait at most 5 min.
    @Test func aDayInMinutesReadsInMinutes() async throws {
        let yaml = "services:\n  deposit: {duration: 5 min}\n  loan: {duration: 1, weight: 0}\ntellers: {deposit: 1, loan: 0}\ncustomers: 3\n"
        let html = try await ReportTests.report(yaml).html
        #expect(html.contains("<div><dt>Business time</dt><dd>15.0 min</dd></div>\n<div><dt>Closing time</dt><dd>15.0 min</dd></div>"))
        #expect(html.contains("<div><dt>Mean wait</dt><dd>5.0 min</dd></div>"))
        #expect(html.contains("<div><dt>Waited at most 5 min</dt><dd>66.7%</dd></div>"))
        #expect(html.contains("<div><dt>Max wait</dt><dd>10.0 min</dd></div>"))
        #expect(html.contains("Closed. Customers served today: 3; business time 15.0 min."))
        #expect(html.contains("<th scope=\"row\">Mean wait (min)</th><td class=\"num\">5.0</td>"))
        #expect(html.contains("<th scope=\"row\">90th percentile (min)</th>"))
        #expect(html.contains("The service level counts waits of at most 5 min: no target is set"))
        #expect(html.contains("All 3 customers; times in minutes"))
        #expect(html.contains("<td class=\"num\">10.0</td>"))
        #expect(!html.contains(" s<") && !html.contains("(s)"))
    }

    /// With opening hours, moments are times of day and long spans hours and minutes. Three
    /// customers at 09:00, 20 min each on one teller: waits 0, 20 and 40 min, the last leaves at
    /// 10:00 after an hour of business.
    @Test func aDayWithHoursReadsInTimesOfDayAndMinutes() async throws {
        let yaml = "open: \"09:00\"\nclose: \"16:00\"\nservices:\n  deposit: {duration: 20 min}\n  loan: {duration: 1, weight: 0}\ntellers: {deposit: 1, loan: 0}\ncustomers: 3\n"
        let html = try await ReportTests.report(yaml).html
        #expect(html.contains("<div><dt>Business time</dt><dd>1 h</dd></div>\n<div><dt>Closing time</dt><dd>10:00</dd></div>"))
        #expect(html.contains("<div><dt>Mean wait</dt><dd>20.0 min</dd></div>"))
        #expect(html.contains("<div><dt>Waited at most 20 min</dt><dd>66.7%</dd></div>"))
        #expect(html.contains("All 3 customers; times of day, waits in minutes"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(yaml).html }
        #expect(korean.contains("총 업무시간은 1시간입니다."))
        #expect(korean.contains("<div><dt>20분 이내 대기</dt><dd>66.7%</dd></div>"))
        #expect(korean.contains("<th scope=\"row\">평균 대기 (분)</th>"))
    }

    /// A swept duration reads as a person says it, in the day's unit. Three deposit customers at
    /// opening on one teller, 4 or 5 min each: they wait 0, 4 and 8 min (mean 4.0) or 0, 5 and 10
    /// (mean 5.0).
    @Test func aSweptDurationReadsInTheDaysUnit() async throws {
        let yaml = """
            services:
              deposit: {duration: 5 min}
              loan: {duration: 1, weight: 0}
            tellers: {deposit: 1, loan: 0}
            customers: 3
            sweep: {services.deposit.duration: [4 min, 5 min]}

            """
        let html = try await ReportTests.report(yaml).html
        #expect(html.contains("Bank sweep: 2 values of the time per 예금 customer"))
        #expect(html.contains(
            "The mean wait of 예금 customers changes most between 4 min per 예금 customer and 5 min per 예금 customer: by +1.0 min, from 4.0 min to 5.0 min."))
        #expect(html.contains("<th scope=\"col\" class=\"num\">Time per 예금 customer (min)</th>"))
        #expect(html.contains("<th scope=\"row\" class=\"num\">4</th><td class=\"num\">4.0</td>"))
        #expect(html.contains(">Mean wait (min)</text>"))
        #expect(html.contains("<h3>The first value in full: 4 min per 예금 customer</h3>"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(yaml).html }
        #expect(korean.contains("<h3>첫 값의 전체 보고서: 예금 고객당 4분</h3>"))
        #expect(korean.contains("<th scope=\"col\" class=\"num\">예금 고객당 시간 (분)</th>"))
    }

    /// A swept arrival rate reads in the day's rate unit, as its arrivals sentence and Erlang C's λ
    /// do: on a day in minutes (without hours) 0.0166667 and 0.025 customers a second are 1 and 1.5 a
    /// minute (60 × 0.0166667 = 1.000002, written 1: one customer); with opening hours, 0.005 and
    /// 0.01 a second are 18 and 36 an hour. The downloads keep the values as written, per second.
    @Test func aSweptRateReadsInTheDaysUnit() async throws {
        let minutes = """
            seed: 5
            customers: 20
            arrival: {rate: 0.0166667}
            services:
              deposit: {duration: {exponential: 2 min}}
            tellers: {deposit: 1}
            sweep: {arrival.rate: [0.0166667, 0.025]}

            """
        let report = try await ReportTests.report(minutes)
        let html = report.html
        #expect(html.contains("<th scope=\"col\" class=\"num\">Arrival rate (per min)</th>"))
        #expect(html.contains("<th scope=\"row\" class=\"num\">1</th>") && html.contains("<th scope=\"row\" class=\"num\">1.5</th>"))
        #expect(html.contains("<h3>The first value in full: 1 customer per minute</h3>"))
        #expect(html.contains("20 customers arrive as a Poisson stream at 1 per minute."))
        #expect(html.contains("<tr><th scope=\"row\">λ (per min)</th><td class=\"num\">1</td></tr>"))
        #expect(!html.contains("per second") && !html.contains("per s)"))
        #expect(ReportTests.file(report, "bank-1-sweep.csv").contains("\n0.0166667,") && ReportTests.file(report, "bank-1-sweep.csv").contains("\n0.025,"))
        let korean = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(minutes).html }
        #expect(korean.contains("<th scope=\"col\" class=\"num\">도착률 (분당)</th>"))
        #expect(korean.contains("<h3>첫 값의 전체 보고서: 분당 고객 1명</h3>"))
        #expect(korean.contains("고객 20명이 분당 평균 1명의 포아송 흐름으로 도착합니다."))
        #expect(korean.contains("<tr><th scope=\"row\">λ (분당)</th><td class=\"num\">1</td></tr>"))
        #expect(!korean.contains("초당"))

        let hours = """
            seed: 5
            open: "09:00"
            close: "10:00"
            arrival: {per_hour: 18}
            services:
              deposit: {duration: {exponential: 2 min}}
            tellers: {deposit: 1}
            sweep: {arrival.rate: [0.005, 0.01]}

            """
        let clock = try await ReportTests.report(hours).html
        #expect(clock.contains("<th scope=\"col\" class=\"num\">Arrival rate (per h)</th>"))
        #expect(clock.contains("<h3>The first value in full: 18 customers per hour</h3>"))
        #expect(clock.contains("arrive as a Poisson stream at 18 an hour from opening to closing."))
        #expect(clock.contains("<tr><th scope=\"row\">λ (per h)</th><td class=\"num\">18</td></tr>"))
        let koreanClock = try await Strings.$current.withValue(Strings(language: .ko)) { try await ReportTests.report(hours).html }
        #expect(koreanClock.contains("<h3>첫 값의 전체 보고서: 시간당 고객 18명</h3>"))
        #expect(koreanClock.contains("<th scope=\"col\" class=\"num\">도착률 (시간당)</th>"))
    }
}
