import BankSimulation
import Basics
import ReportKit

/// How targets, figures and swept values are said in sentences.
enum BankTarget {
    /// `80% of 대출 customers wait at most 2 s`, `all customers wait at most 5 min on average`
    /// (times in the day's scale).
    static func phrase(_ target: WaitTarget, services: [Service], scale: TimeScale) -> String {
        let scope = scope(target.service, services: services)
        let clock = BankClock(nil, scale: scale)
        switch target.measure {
        case .serviceLevel(let within, let share):
            return BankLabel.targetServiceLevel.text(trimmedPercent(share), scope, clock.threshold(within))
        case .meanWait(let limit):
            return BankLabel.targetMeanWait.text(scope, clock.threshold(limit))
        }
    }

    /// `대출 customers` or `all customers`.
    static func scope(_ service: Int?, services: [Service]) -> String {
        service.map { BankLabel.scopeService.text(services[$0].name) } ?? BankLabel.scopeAll.text
    }

    /// The unit of a target's figure: a share, or a wait in the day's scale.
    static func unit(_ target: WaitTarget, scale: TimeScale) -> FigureUnit {
        if case .serviceLevel = target.measure { return .share }
        return .time(scale)
    }

    /// What the target (or, without one, everyone's mean wait) measures, for the precision note:
    /// `the mean wait of all customers`, `the share of 대출 customers who wait at most 2 s`.
    static func decidingName(_ scenario: Scenario) -> String {
        guard let target = scenario.target else { return BankLabel.meanWaitOf.text(BankLabel.scopeAll.text) }
        let scope = scope(target.service, services: scenario.services)
        switch target.measure {
        case .serviceLevel(let within, _): return BankLabel.serviceLevelOf.text(scope, BankClock(nil, scale: scenario.timeScale).threshold(within))
        case .meanWait: return BankLabel.meanWaitOf.text(scope)
        }
    }

    /// A share as a percentage without needless decimals: `80%`, `12.5%`.
    static func trimmedPercent(_ share: Double) -> String {
        BankFormat.number(share * 100) + "%"
    }

    /// A swept value in words: `2 대출 tellers`, `3.2 customers per second` (a rate in the day's
    /// rate unit: `0.6 customers per minute`), `5 min per 예금 customer`.
    static func value(_ value: Double, setting: SweepSetting, services: [Service], clock: BankClock) -> String {
        let number = BankFormat.number(value)
        func name(_ key: String) -> String { services.first { $0.key == key }?.name ?? key }
        switch setting {
        case .tellers(let key): return (value == 1 ? BankLabel.valueTeller : .valueTellers).text(number, name(key))
        case .arrivalRate:
            let rate = clock.rate(value)
            return (rate == "1" ? BankLabel.valueRateOne : .valueRate).text(rate, clock.rateUnitWord)
        case .customers: return BankLabel.valueCustomers.text(NumberText.grouped(Int(value)))
        case .duration(let key): return BankLabel.valueDuration.text(BankFormat.duration(value), name(key))
        }
    }

    /// The setting as a column header: `대출 tellers`, `Arrival rate (per s)`, `Time per 예금
    /// customer (min)` (durations in the day's scale, rates in its rate unit).
    static func header(_ setting: SweepSetting, services: [Service], clock: BankClock) -> String {
        func name(_ key: String) -> String { services.first { $0.key == key }?.name ?? key }
        switch setting {
        case .tellers(let key): return BankLabel.settingTellers.text(name(key))
        case .arrivalRate: return BankLabel.settingRate.text(clock.rateUnitName)
        case .customers: return BankLabel.settingCustomers.text
        case .duration(let key): return BankLabel.settingDuration.text(name(key), clock.unitName)
        }
    }

    /// A swept value under its header: `3`, a duration in the day's scale (`5` minutes for 300 s),
    /// a rate in the day's rate unit (`0.6` a minute for 0.01 a second).
    static func number(_ value: Double, setting: SweepSetting, clock: BankClock) -> String {
        switch setting {
        case .duration: BankFormat.number(value / clock.scale.seconds)
        case .arrivalRate: clock.rate(value)
        case .tellers, .customers: BankFormat.number(value)
        }
    }

    /// The setting in a sentence: `the number of 대출 tellers`, `the arrival rate`.
    static func name(_ setting: SweepSetting, services: [Service]) -> String {
        func name(_ key: String) -> String { services.first { $0.key == key }?.name ?? key }
        switch setting {
        case .tellers(let key): return BankLabel.nameTellers.text(name(key))
        case .arrivalRate: return BankLabel.nameRate.text
        case .customers: return BankLabel.nameCustomers.text
        case .duration(let key): return BankLabel.nameDuration.text(name(key))
        }
    }

    /// How far a figure misses the target: `38.8 points short`, `2.03 s over`, `1.5 min over`.
    static func miss(_ target: WaitTarget, figure: Double, scale: TimeScale) -> String {
        let gap = target.shortfall(of: figure)
        switch target.measure {
        case .serviceLevel: return BankLabel.shortBy.text(NumberText.fixed(gap * 100, places: 1))
        case .meanWait:
            return BankLabel.overBy.text(scale == .seconds ? BankLabel.seconds.text(NumberText.fixed(gap, places: 2)) : FigureUnit.minutes.text(gap))
        }
    }
}
