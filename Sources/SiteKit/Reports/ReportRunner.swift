import Basics
import ReportKit

/// Runs report blocks concurrently and collects their reports, or every block's problems at once.
struct ReportRunner: Sendable {
    let kinds: [String: any ReportKind]
    let context: ReportContext

    /// The report of every block of `pages` by ``ReportBlock/cacheKey``. A block whose key is in
    /// `cache` is not run again; the others run concurrently.
    func run(_ pages: [ParsedPage], cache: [String: Report]) async throws -> [String: Report] {
        let jobs = pages.flatMap { parsed in parsed.blocks.map { (block: $0, file: parsed.page.file) } }
        var results: [String: Result<Report, Diagnostics>] = [:]
        await withTaskGroup(of: (String, Result<Report, Diagnostics>).self) { group in
            for job in jobs where cache[job.block.cacheKey] == nil {
                group.addTask { (job.block.cacheKey, await run(job.block, file: job.file)) }
            }
            for await (key, result) in group { results[key] = result }
        }
        var problems = DiagnosticCollector()
        var reports: [String: Report] = [:]
        for job in jobs {
            let key = job.block.cacheKey
            switch results[key] {
            case .success(let report)?: reports[key] = report
            case .failure(let errors)?: errors.items.forEach { problems.add($0) }
            case nil: reports[key] = cache[key]
            }
        }
        try problems.check()
        return reports
    }

    private func run(_ block: ReportBlock, file: String) async -> Result<Report, Diagnostics> {
        guard let kind = kinds[block.kind] else {
            return .failure(Diagnostics([Diagnostic(file: file, line: block.line, "no report kind named \(block.kind)")]))
        }
        do {
            return .success(try await kind.run(block, context: context))
        } catch {
            let located = Diagnostics.from(error).map { diagnostic in
                var diagnostic = diagnostic.located(in: file, prefix: block.kind)
                if diagnostic.line == nil { diagnostic.line = block.line }
                return diagnostic
            }
            return .failure(Diagnostics(located))
        }
    }
}

extension ReportBlock {
    /// Everything a block's report depends on besides the build options and data files: a rerun
    /// with the same key gives the same report.
    var cacheKey: String {
        [kind, pagePath, String(line), String(index), source].joined(separator: "\u{0}")
    }
}
