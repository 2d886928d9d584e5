/// One customer's visit, kept compact (32 bytes) so a million of them fit in 32 MB.
/// The customer's number is its index in ``Day/customers`` plus one.
public struct CustomerRecord: Sendable, Equatable {
    /// Arrival time in ticks.
    public var arrival: Int64
    /// Start of service in ticks.
    public var start: Int64
    /// Length of the business in ticks.
    public var duration: Int64
    /// Index of the teller (lane) in ``Day/tellers``.
    public var teller: Int32
    /// Index of the service in ``Day/services``.
    public var service: Int32

    public init(arrival: Int64, start: Int64, duration: Int64, teller: Int32, service: Int32) {
        self.arrival = arrival
        self.start = start
        self.duration = duration
        self.teller = teller
        self.service = service
    }

    /// End of service in ticks.
    @inline(__always)
    public var finish: Int64 { start + duration }

    /// Time spent in the waiting line, in ticks (for a customer who gave up, until they left).
    @inline(__always)
    public var wait: Int64 { start - arrival }

    /// The ``teller`` of a customer who gave up waiting: ``start`` is when they left, and
    /// ``duration`` is 0.
    public static let abandonedTeller: Int32 = -2

    /// True for a customer who gave up waiting and left unserved.
    @inline(__always)
    public var isAbandoned: Bool { teller == Self.abandonedTeller }
}

/// A customer as it walks in: when, for what, and how long the business will take.
public struct Arrival: Sendable, Equatable {
    /// Arrival time in ticks.
    public var time: Int64
    /// Index of the service.
    public var service: Int
    /// Length of the business in ticks.
    public var duration: Int64
    /// How long the customer will wait in line before leaving, in ticks (`Int64.max`: for ever).
    public var patience: Int64

    public init(time: Int64, service: Int, duration: Int64, patience: Int64 = .max) {
        self.time = time
        self.service = service
        self.duration = duration
        self.patience = patience
    }

    /// A customer with times in seconds; `patience` nil waits for ever.
    public init(at seconds: Double, service: Int, duration: Double, patience: Double? = nil) {
        self.init(
            time: SimulatedTime.ticks(seconds: seconds), service: service, duration: SimulatedTime.ticks(seconds: duration),
            patience: patience.map { SimulatedTime.ticks(seconds: $0) } ?? .max)
    }
}
