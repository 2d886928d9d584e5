/// The seed's generic first-in, first-out queue, kept over a ``LinkedList`` of its own.
///
/// Each service's waiting line in the simulation is one of these, holding customer indices.
public struct Queue<Element> {
    private var list = LinkedList<Element>()

    /// An empty queue.
    public init() {}

    /// True when nobody is waiting.
    public var isEmpty: Bool { list.isEmpty }

    /// How many elements are waiting.
    public var count: Int { list.count }

    /// Adds an element at the back of the line.
    public mutating func enqueue(_ element: Element) {
        list.append(element)
    }

    /// Removes and returns the element at the front, or nil when the queue is empty.
    public mutating func dequeue() -> Element? {
        list.removeFirst()
    }

    /// The element at the front without removing it, or nil when the queue is empty.
    public func peek() -> Element? {
        list.first
    }

    /// Removes every element.
    public mutating func clear() {
        list.removeAll()
    }

    /// The waiting elements from front to back.
    public var elements: [Element] { list.elements }
}

extension Queue: Sendable where Element: Sendable {}
