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

    /// Time spent in the waiting line, in ticks.
    @inline(__always)
    public var wait: Int64 { start - arrival }
}

/// A customer as it walks in: when, for what, and how long the business will take.
public struct Arrival: Sendable, Equatable {
    /// Arrival time in ticks.
    public var time: Int64
    /// Index of the service.
    public var service: Int
    /// Length of the business in ticks.
    public var duration: Int64

    public init(time: Int64, service: Int, duration: Int64) {
        self.time = time
        self.service = service
        self.duration = duration
    }

    /// A customer with times in seconds.
    public init(at seconds: Double, service: Int, duration: Double) {
        self.init(time: SimulatedTime.ticks(seconds: seconds), service: service, duration: SimulatedTime.ticks(seconds: duration))
    }
}
