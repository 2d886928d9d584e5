import Foundation

/// Maps `items` on all cores as child tasks, keeping their order. The work runs on the
/// cooperative pool as ordinary tasks; no thread ever blocks waiting for the others.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: [Item],
    _ transform: @escaping @Sendable (Item) -> Result
) async -> [Result] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard cores > 1, items.count > 1 else { return items.map(transform) }
    // Small chunks keep both cores busy when some items cost far more than others.
    let chunkSize = max(1, min(64, items.count / (cores * 4)))
    let chunks = stride(from: 0, to: items.count, by: chunkSize).map { $0..<min($0 + chunkSize, items.count) }
    return await withTaskGroup(of: (Int, [Result]).self) { group in
        for (index, range) in chunks.enumerated() {
            group.addTask { (index, items[range].map(transform)) }
        }
        var parts = [[Result]](repeating: [], count: chunks.count)
        for await (index, part) in group { parts[index] = part }
        return parts.flatMap { $0 }
    }
}
