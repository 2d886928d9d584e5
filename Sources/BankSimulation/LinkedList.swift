/// A singly linked list whose nodes live in one contiguous buffer and link to each other by index.
///
/// Removed nodes go on a free list and are reused by the next append, so a list that is filled and
/// drained over and over (a bank's waiting line) allocates only when it grows past its largest
/// size so far — never one heap object per node.
public struct LinkedList<Element> {
    fileprivate struct Node {
        var element: Element?
        var next: Int
    }

    private var nodes: [Node] = []
    private var head = -1
    private var tail = -1
    private var freeHead = -1

    /// The number of elements in the list.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// True when the list holds no elements.
    public var isEmpty: Bool { head < 0 }

    /// The first element, or nil when the list is empty.
    public var first: Element? { head < 0 ? nil : nodes[head].element }

    /// Adds an element at the end.
    public mutating func append(_ element: Element) {
        let index: Int
        if freeHead >= 0 {
            index = freeHead
            freeHead = nodes[index].next
            nodes[index] = Node(element: element, next: -1)
        } else {
            index = nodes.count
            nodes.append(Node(element: element, next: -1))
        }
        if tail >= 0 {
            nodes[tail].next = index
        } else {
            head = index
        }
        tail = index
        count += 1
    }

    /// Removes and returns the first element, or returns nil when the list is empty.
    public mutating func removeFirst() -> Element? {
        guard head >= 0 else { return nil }
        let index = head
        let element = nodes[index].element
        head = nodes[index].next
        if head < 0 { tail = -1 }
        nodes[index] = Node(element: nil, next: freeHead)
        freeHead = index
        count -= 1
        return element
    }

    /// Removes every element (keeping the buffer for reuse).
    public mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        head = -1
        tail = -1
        freeHead = -1
        count = 0
    }

    /// The elements from first to last.
    public var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        var index = head
        while index >= 0 {
            if let element = nodes[index].element { out.append(element) }
            index = nodes[index].next
        }
        return out
    }
}

extension LinkedList: Sendable where Element: Sendable {}
extension LinkedList.Node: Sendable where Element: Sendable {}
