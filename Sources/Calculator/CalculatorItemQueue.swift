/// A first-in, first-out queue of calculator items.
///
/// Elements live in an array read from a head index, so ``dequeue()`` is O(1); the consumed
/// prefix is dropped once it makes up half the storage, which keeps memory bounded at an
/// amortised O(1) cost.
public struct CalculatorItemQueue<Element: CalculateItem>: Sendable {
    private var storage: [Element]
    private var head = 0

    /// A queue holding `elements`, the first one at the front.
    public init(_ elements: [Element] = []) {
        storage = elements
    }

    /// How many elements are waiting.
    public var count: Int { storage.count - head }

    /// True when nothing is waiting.
    public var isEmpty: Bool { head == storage.count }

    /// Adds an element at the back.
    public mutating func enqueue(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the front element; nil when the queue is empty.
    public mutating func dequeue() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The front element without removing it; nil when the queue is empty.
    public func peek() -> Element? {
        head < storage.count ? storage[head] : nil
    }
}

extension CalculatorItemQueue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension CalculatorItemQueue: Equatable where Element: Equatable {
    /// Two queues are equal when they hold the same elements in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage[lhs.head...].elementsEqual(rhs.storage[rhs.head...])
    }
}
