/// An event on the simulation's virtual clock: a time and a tag that orders simultaneous events.
public struct Event: Sendable, Equatable {
    /// When the event happens, in ``SimulatedTime`` ticks.
    public var time: Int64
    /// Orders events at the same time: lower tags first.
    public var tag: UInt32

    public init(time: Int64, tag: UInt32) {
        self.time = time
        self.tag = tag
    }

    /// True when `self` comes before `other`: earlier time, then lower tag.
    @inline(__always)
    public func precedes(_ other: Event) -> Bool {
        time < other.time || (time == other.time && tag < other.tag)
    }
}

/// The simulation's pending events in a binary min-heap kept in one array: push and pop in
/// O(log n), earliest time first and, at equal times, lowest tag first.
public struct EventQueue: Sendable {
    private var heap: [Event] = []

    /// An empty queue with room for `capacity` events.
    public init(capacity: Int = 0) {
        heap.reserveCapacity(capacity)
    }

    /// The number of pending events.
    public var count: Int { heap.count }

    /// True when no event is pending.
    public var isEmpty: Bool { heap.isEmpty }

    /// Adds an event.
    @inline(__always)
    public mutating func push(_ event: Event) {
        heap.append(event)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            guard event.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = event
    }

    /// Removes and returns the earliest event, or nil when none is pending.
    @inline(__always)
    public mutating func pop() -> Event? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        let count = heap.count
        var parent = 0
        while true {
            var child = 2 * parent + 1
            if child >= count { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(last) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = last
        return top
    }
}
