import Foundation

/// Maps `items` on all cores as child tasks, keeping their order. The work runs on the
/// cooperative pool as ordinary tasks; no thread ever blocks waiting for the others. Each chunk
/// of items is let go of as soon as it is mapped: when the caller hands over the only copy
/// (`parallelMap(consume pages)`), large items do not outlive their part of the work.
func parallelMap<Item: Sendable, Result: Sendable>(
    _ items: consuming [Item],
    _ transform: @escaping @Sendable (Item) -> Result
) async -> [Result] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard cores > 1, items.count > 1 else { return items.map(transform) }
    // Small chunks keep both cores busy when some items cost far more than others.
    let count = items.count
    let chunkSize = max(1, min(64, count / (cores * 4)))
    var chunks = stride(from: 0, to: count, by: chunkSize).map { Array(items[$0..<min($0 + chunkSize, count)]) }
    items = []
    return await withTaskGroup(of: (Int, [Result]).self) { group in
        // Each chunk is moved into its task, which holds the only copy.
        for index in chunks.indices {
            let chunk = chunks[index]
            chunks[index] = []
            group.addTask { (index, chunk.map(transform)) }
        }
        var parts = [[Result]](repeating: [], count: chunks.count)
        for await (index, part) in group { parts[index] = part }
        return parts.flatMap { $0 }
    }
}
