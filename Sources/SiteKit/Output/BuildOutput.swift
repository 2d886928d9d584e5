import Foundation

/// What ``SiteBuilder`` writes into: a folder swapped in at the end, or memory.
protocol BuildOutput: SiteOutput {
    /// Removes a file an earlier build wrote (memory builds that start from the previous site).
    func remove(_ relative: String)
    /// Makes the written site the output; called once, after every file is written.
    func commit() throws
    /// Gives up after a failed build; the previous output stays as it was.
    func discard()
    /// The files written, for memory builds; empty for folders.
    var files: SiteFiles { get }
}

extension OutputWriter: BuildOutput {
    /// A folder build always writes the whole site and drops the rest when it commits.
    func remove(_ relative: String) {}
    var files: SiteFiles { SiteFiles() }
}
