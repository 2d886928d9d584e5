import BankSimulation
import Basics
import ReportKit

/// How targets, figures and swept values are said in sentences.
enum BankTarget {
    /// `80% of 대출 customers wait at most 2 s`, `all customers wait at most 5 s on average`.
    static func phrase(_ target: WaitTarget, services: [Service]) -> String {
        let scope = scope(target.service, services: services)
        switch target.measure {
        case .serviceLevel(let within, let share):
            return BankLabel.targetServiceLevel.text(trimmedPercent(share), scope, BankFormat.number(within))
        case .meanWait(let limit):
            return BankLabel.targetMeanWait.text(scope, BankFormat.number(limit))
        }
    }

    /// `대출 customers` or `all customers`.
    static func scope(_ service: Int?, services: [Service]) -> String {
        service.map { BankLabel.scopeService.text(services[$0].name) } ?? BankLabel.scopeAll.text
    }

    /// The unit of a target's figure.
    static func unit(_ target: WaitTarget) -> FigureUnit {
        if case .serviceLevel = target.measure { return .share }
        return .seconds
    }

    /// What the target (or, without one, everyone's mean wait) measures, for the precision note:
    /// `the mean wait of all customers`, `the share of 대출 customers who wait at most 2 s`.
    static func decidingName(_ scenario: Scenario) -> String {
        guard let target = scenario.target else { return BankLabel.meanWaitOf.text(BankLabel.scopeAll.text) }
        let scope = scope(target.service, services: scenario.services)
        switch target.measure {
        case .serviceLevel(let within, _): return BankLabel.serviceLevelOf.text(scope, BankFormat.number(within))
        case .meanWait: return BankLabel.meanWaitOf.text(scope)
        }
    }

    /// A share as a percentage without needless decimals: `80%`, `12.5%`.
    static func trimmedPercent(_ share: Double) -> String {
        BankFormat.number(share * 100) + "%"
    }

    /// A swept value in words: `2 대출 tellers`, `3.2 customers per second`, `5 min per 예금 customer`.
    static func value(_ value: Double, setting: SweepSetting, services: [Service]) -> String {
        let number = BankFormat.number(value)
        func name(_ key: String) -> String { services.first { $0.key == key }?.name ?? key }
        switch setting {
        case .tellers(let key): return (value == 1 ? BankLabel.valueTeller : .valueTellers).text(number, name(key))
        case .arrivalRate: return (value == 1 ? BankLabel.valueRateOne : .valueRate).text(number)
        case .customers: return BankLabel.valueCustomers.text(NumberText.grouped(Int(value)))
        case .duration(let key): return BankLabel.valueDuration.text(BankFormat.duration(value), name(key))
        }
    }

    /// The setting as a column header: `대출 tellers`, `Arrival rate (per s)`.
    static func header(_ setting: SweepSetting, services: [Service]) -> String {
        func name(_ key: String) -> String { services.first { $0.key == key }?.name ?? key }
        switch setting {
        case .tellers(let key): return BankLabel.settingTellers.text(name(key))
        case .arrivalRate: return BankLabel.settingRate.text
        case .customers: return BankLabel.settingCustomers.text
        case .duration(let key): return BankLabel.settingDuration.text(name(key))
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

    /// How far a figure misses the target: `38.8 points short`, `2.03 s over`.
    static func miss(_ target: WaitTarget, figure: Double) -> String {
        let gap = target.shortfall(of: figure)
        switch target.measure {
        case .serviceLevel: return BankLabel.shortBy.text(NumberText.fixed(gap * 100, places: 1))
        case .meanWait: return BankLabel.overBy.text(NumberText.fixed(gap, places: 2))
        }
    }
}
