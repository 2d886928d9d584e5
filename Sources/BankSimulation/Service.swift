/// A kind of business at the bank (예금, 대출), with its own waiting line and its own tellers.
public struct Service: Sendable, Equatable {
    /// The key used in scenarios, CSV and JSON: `deposit`, `loan`.
    public var key: String
    /// The name shown to people: `예금`, `대출`; lanes are labelled `예금 1`, `예금 2`.
    public var name: String
    /// How long the business takes.
    public var duration: ServiceDuration
    /// The relative chance that a customer comes for this service.
    public var weight: Double
    /// How long a customer waits in line before giving up and leaving unserved (fixed or
    /// exponential); nil: everyone waits as long as it takes.
    public var patience: ServiceDuration?

    public init(key: String, name: String, duration: ServiceDuration, weight: Double = 1, patience: ServiceDuration? = nil) {
        self.key = key
        self.name = name
        self.duration = duration
        self.weight = weight
        self.patience = patience
    }

    /// The seed's deposit service: 예금, 0.7 s.
    public static let deposit = Service(key: "deposit", name: "예금", duration: .fixed(0.7))
    /// The seed's loan service: 대출, 1.1 s.
    public static let loan = Service(key: "loan", name: "대출", duration: .fixed(1.1))
}

/// One teller: a lane of the timeline.
public struct Teller: Sendable, Equatable {
    /// The index of the service this teller serves.
    public var service: Int
    /// 1-based number among the service's tellers.
    public var number: Int
    /// The lane label: the service's name and the number, `예금 1`.
    public var label: String

    public init(service: Int, number: Int, label: String) {
        self.service = service
        self.number = number
        self.label = label
    }
}
