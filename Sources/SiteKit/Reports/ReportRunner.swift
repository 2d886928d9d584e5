import ReportKit

/// Runs every report block of the site concurrently and collects their reports or diagnostics.
struct ReportRunner: Sendable {
    let kinds: [String: any ReportKind]
    let context: ReportContext

    /// Fills in `reports` of every page, taking a block's report from `cache` when the same block
    /// (by ``ReportBlock/cacheKey``) ran before; throws every block's problems at once. Returns the
    /// reports of all blocks of `pages` by key.
    func run(_ pages: [ParsedPage], cache: [String: Report] = [:]) async throws -> [String: Report] {
        let jobs = pages.enumerated().flatMap { pageIndex, parsed in
            parsed.blocks.map { (page: pageIndex, block: $0.block, file: parsed.page.file) }
        }
        var results = [Result<Report, Diagnostics>?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, Result<Report, Diagnostics>).self) { group in
            for (jobIndex, job) in jobs.enumerated() {
                if let cached = cache[job.block.cacheKey] {
                    results[jobIndex] = .success(cached)
                    continue
                }
                group.addTask { (jobIndex, await run(job.block, file: job.file)) }
            }
            for await (jobIndex, result) in group {
                results[jobIndex] = result
            }
        }
        var problems = DiagnosticCollector()
        var reports = Array(repeating: [Report](), count: pages.count)
        var byKey: [String: Report] = [:]
        for (jobIndex, job) in jobs.enumerated() {
            switch results[jobIndex] {
            case .success(let report)?:
                reports[job.page].append(report)
                byKey[job.block.cacheKey] = report
            case .failure(let errors)?: errors.items.forEach { problems.add($0) }
            case nil: break
            }
        }
        try problems.check()
        for (index, parsed) in pages.enumerated() { parsed.reports = reports[index] }
        return byKey
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
