import ReportKit

/// Runs every report block of the site concurrently and collects their reports or diagnostics.
struct ReportRunner: Sendable {
    let kinds: [String: any ReportKind]
    let context: ReportContext

    /// Fills in `reports` of every page; throws every block's problems at once.
    func run(_ pages: [ParsedPage]) async throws {
        let jobs = pages.enumerated().flatMap { pageIndex, parsed in
            parsed.blocks.map { (pageIndex, $0.block, parsed.page.file) }
        }
        var results = [Result<Report, Diagnostics>?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, Result<Report, Diagnostics>).self) { group in
            for (jobIndex, job) in jobs.enumerated() {
                group.addTask { (jobIndex, await run(job.1, file: job.2)) }
            }
            for await (jobIndex, result) in group {
                results[jobIndex] = result
            }
        }
        var problems = DiagnosticCollector()
        var reports = Array(repeating: [Report](), count: pages.count)
        for (jobIndex, job) in jobs.enumerated() {
            switch results[jobIndex] {
            case .success(let report)?: reports[job.0].append(report)
            case .failure(let errors)?: errors.items.forEach { problems.add($0) }
            case nil: break
            }
        }
        try problems.check()
        for (index, parsed) in pages.enumerated() { parsed.reports = reports[index] }
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
