import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReportKit

/// The build, written once: load content → load templates → parse pages → run report blocks →
/// render pages → write the output. `sitegen build` runs it into a folder with no previous build;
/// `sitegen serve` runs it into memory after every change, handing it the last good build, whose
/// stage values it reuses wherever their inputs are unchanged. A build with a previous one
/// therefore gives what a fresh build gives, only sooner.
struct SiteBuilder: Sendable {
    let options: BuildOptions
    let kinds: [String: any ReportKind]
    let log: @Sendable (BuildEvent) -> Void
    /// sitegen's own templates and strings with the kinds' files.
    let builtIn: BuiltInTemplates
    /// False for `sitegen check`: report blocks cache nothing they fetch.
    var writesCache = true

    init(options: BuildOptions, kinds: [String: any ReportKind], log: @escaping @Sendable (BuildEvent) -> Void) {
        self.options = options
        self.kinds = kinds
        self.log = log
        builtIn = BuiltInTemplates(kinds: kinds.keys.sorted().compactMap { kinds[$0] })
    }

    var contentLabel: String { options.contentLabel ?? options.contentDirectory.lastPathComponent }
    var templatesLabel: String { options.templatesLabel ?? options.templatesDirectory.lastPathComponent }
    var outputLabel: String { options.outputDirectory.lastPathComponent }

    /// The record of the folder a build will write over, being read while the content loads: its
    /// folder, the box its contents are put in (and taken from, once), and the reading.
    typealias RecordReading = (folder: OutputStamp.Folder, contents: Locked<BuildRecord.Contents?>, done: Task<Void, Never>)

    /// Where a build writes.
    enum Destination {
        /// The output folder, replaced atomically when the whole build succeeds.
        case folder
        /// Memory: the files come back in ``SiteBuild/files``.
        case memory
    }

    /// Builds the site.
    /// - Parameters:
    ///   - previous: the last good build, whose stages are reused where nothing they depend on
    ///     changed; nil builds everything.
    ///   - changed: absolute paths of files changed since `previous` (only the templates folder and
    ///     non-Markdown content files need naming: pages are compared by their text).
    /// - Throws: ``BuildFailure`` naming the step and every problem found in it.
    func build(previous: SiteBuild? = nil, changed: Set<String> = [], into destination: Destination) async throws -> SiteBuild {
        if let previous, case .memory = destination, let quick = await quickRebuild(previous: previous, changed: changed) {
            return quick
        }
        var steps = StepLog(log: log)
        // A build into a folder reads the record of the folder it will write over (the spare) while
        // the content loads (``BuildRecord``).
        let record: RecordReading?
        if previous == nil, case .folder = destination,
           let folder = OutputStamp.Folder(path: OutputSafety.spare(of: options.outputDirectory.standardizedFileURL).path) {
            let path = BuildRecord.path(cache: options.cacheDirectory, output: options.outputDirectory, folder: folder)
            let contents = Locked<BuildRecord.Contents?>(nil)
            record = (folder, contents, Task {
                let read = BuildRecord.read(path)
                contents.withLock { $0 = read }
            })
        } else {
            record = nil
        }
        var content: LoadedContent
        do {
            // A build no later build reuses reads each page's body when it parses the page.
            content = try await steps.run(.loadContent) { try await loadContent(previous: previous?.content, keepingBodies: previous != nil || destination == .memory) }
        } catch var failure as BuildFailure {
            // The templates do not depend on the content: their problems are reported with the
            // content's, so that one run shows every problem.
            let templateProblems: [Diagnostic]
            do {
                _ = try TemplateSet(directory: options.templatesDirectory, label: templatesLabel, builtIn: builtIn)
                templateProblems = []
            } catch {
                templateProblems = Diagnostics.from(error)
            }
            if !templateProblems.isEmpty {
                failure.step += ", \(BuildStep.loadTemplates.name)"
                failure.diagnostics += templateProblems
            }
            throw failure
        }
        let strings = try await steps.run(.loadTemplates) { try interfaceStrings(content.config) }
        // Every label of every report and template resolves through these strings.
        return try await Strings.$current.withValue(strings) {
            try await build(content: &content, steps: steps, previous: previous, changed: changed, into: destination, record: record)
        }
    }

    /// The interface strings of the site's language: the built-in tables (the site's and every
    /// kind's) with the site's table for the language laid over them —
    /// `Templates/i18n/<language>.yml` (`fr-CA.yml`), else the one of its first part (`fr.yml`),
    /// when there is one. A table that is there but cannot be read is an error, never skipped.
    private func interfaceStrings(_ config: SiteConfig) throws -> Strings {
        let builtIn = builtIn.strings(config.interfaceLanguage)
        let primary = config.language.split(separator: "-").first.map { $0.lowercased() } ?? config.language
        for name in [config.language, primary] {
            let relative = "i18n/\(name).yml"
            let path = options.templatesDirectory.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let file = SitePath.join(templatesLabel, relative)
            return try builtIn.overridden(by: try FileInput.text(path, shownAs: file), file: file)
        }
        return builtIn
    }

    /// The build after its content is loaded. `content` is taken in and out so that a build no
    /// later build reuses (`sitegen build`) can let go of the pages' Markdown once it is parsed.
    /// - Parameter record: the record of the spare folder, being read (``BuildRecord``).
    private func build(
        content: inout LoadedContent, steps: StepLog, previous: SiteBuild?, changed: Set<String>, into destination: Destination,
        record earlier: RecordReading?
    ) async throws -> SiteBuild {
        var steps = steps
        let templatesChanged = previous == nil || changed.contains { Self.path($0, isInside: options.templatesDirectory) }
        // Content files other than pages that changed (data files, images), relative to the
        // content folder; and whether the interface strings every report prints changed.
        let changedFiles = Set(changed.compactMap { Self.relativePath($0, inside: options.contentDirectory) }.filter { !$0.hasSuffix(".md") })
        let stringsChanged = previous?.content.config.interfaceLanguage != content.config.interfaceLanguage
            || changed.contains { Self.path($0, isInside: options.templatesDirectory.appendingPathComponent("i18n")) }
        let templates = try await steps.run(.loadTemplates) {
            if let previous, !templatesChanged { return previous.templates }
            return try TemplateSet(directory: options.templatesDirectory, label: templatesLabel, builtIn: builtIn)
        }

        // Parse: pages whose text is unchanged keep their parse.
        let kindNames = Set(kinds.keys)
        // A new heading rule changes every page's ids.
        let headingIDs = content.config.headingIDs
        let sameRule = previous?.content.config.headingIDs == headingIDs
        var pending = content.pages.filter { !sameRule || previous?.parsed[$0.contentPath]?.loaded != $0 }
        let freshPaths = Set(pending.map(\.contentPath))
        let newPages = pending.contains { previous?.parsed[$0.contentPath] == nil }
        let unsafeHTML = content.config.unsafeHTML
        // A build into the output folder is the only one of its run: nothing reuses its pages, so
        // each page's Markdown is let go of as soon as it is parsed (the parse holds the only
        // copy of the pages meanwhile; they come back from it, without their text).
        let keepingSource = previous != nil || destination == .memory
        if !keepingSource {
            content.pages = []
            content.readPages = [:]
        }
        // Such a build also renders and writes its plain pages as they are parsed, when it can
        // (``StreamedPages``), and lets go of their bodies there and then.
        var streamer: StreamedPages?
        var streamedOutput: OutputWriter?
        // What the streamed pages wrote is given up when the build stops before its render step,
        // which from then on commits or gives up the output itself.
        var outputHandedOn = false
        defer { if !outputHandedOn { streamedOutput?.discard() } }
        // The streamed pages' record for a later build (``BuildRecord``): its key, and each page's
        // digests as loaded.
        var record: (key: ContentDigest, digests: [String: (front: ContentDigest, body: ContentDigest)])?
        // What the record of the folder written over holds (empty when there is none).
        var recorded = BuildRecord.Contents()
        let fresh = try await steps.run(.parsePages) {
            if !keepingSource, StreamedPages.applies(to: pending) {
                streamer = streamingRenderer(for: pending, content: content, templates: templates)
                streamedOutput = streamer?.output
                if let output = streamedOutput {
                    let key = BuildRecord.key(
                        options: options, config: content.config, pages: pending, staticFiles: content.staticFiles,
                        skippedDrafts: content.skippedDrafts, templates: templates
                    )
                    record = (key, Dictionary(pending.compactMap { page in page.bodyOnDisk.map { (page.contentPath, ($0.front, $0.body)) } }, uniquingKeysWith: { a, _ in a }))
                    if output.reusing {
                        // The folder claimed is the one whose record was read (unless another
                        // build swapped folders meanwhile); its record goes, whatever it held.
                        // Taken out of the box: nothing holds the record once its pages are made.
                        await earlier?.done.value
                        let contents = earlier?.contents.withLock { contents in
                            defer { contents = nil }
                            return contents
                        }
                        if let earlier, earlier.folder == output.folder, let contents, contents.key == key.description {
                            recorded = contents
                        }
                        unlink(BuildRecord.path(cache: options.cacheDirectory, output: options.outputDirectory, folder: output.folder))
                    }
                }
            }
            let pages = pending
            pending = []
            let bodies = PageBodies(folder: options.contentDirectory.resolvingSymlinksInPath().path)
            let keptPages = recorded.pages
            recorded.pages = [:]
            let results = await parallelMap(consume pages) { [streamer] loaded -> (ParsedPage, [Diagnostic]) in
                if let streamer, let entry = keptPages[loaded.contentPath], let parsed = streamer.keep(loaded, as: entry) {
                    return (parsed, [])
                }
                let page: Page
                do {
                    page = try bodies.reading(loaded)
                } catch {
                    return (ParsedPage(page: loaded, kinds: kindNames, unsafeHTML: unsafeHTML, headingIDs: headingIDs, keepingSource: keepingSource),
                            Diagnostics.from(error).map { $0.located(in: loaded.file) })
                }
                let parsed = ParsedPage(page: page, kinds: kindNames, unsafeHTML: unsafeHTML, headingIDs: headingIDs, keepingSource: keepingSource)
                streamer?.take(parsed)
                return (parsed, [])
            }
            try DiagnosticCollector(results.flatMap { $0.1 + $0.0.problems }).check()
            return results.map(\.0)
        }
        // The pages rendered so far are written: the site map and the table of pages they were
        // rendered over are let go of before the build makes its own.
        let keptPaths = streamer?.kept ?? []
        let early = streamer.map { (writer: $0.writer, progress: $0.progress, rendered: $0.rendered) }
        var loadedMap = streamer?.map
        streamer = nil
        if !keepingSource { content.pages = fresh.map(\.loaded) }
        var parsedByPath = Dictionary(fresh.map { ($0.page.contentPath, $0) }, uniquingKeysWith: { a, _ in a })
        for page in content.pages where parsedByPath[page.contentPath] == nil {
            parsedByPath[page.contentPath] = previous?.parsed[page.contentPath]
        }
        let parsed = content.pages.compactMap { parsedByPath[$0.contentPath] }

        // Reports: a block that ran before with the same text and place is not run again, unless
        // a content file it was made from changed (or the strings did).
        let cache = stringsChanged ? [:] : (previous?.reports ?? [:]).filter { !$0.value.inputs.isAffected(by: changedFiles) }
        let reportWarnings = Locked<[Diagnostic]>([])
        let reports = try await steps.run(.runReports) { try await runReports(parsed, cache: cache, warnings: reportWarnings, config: content.config) }
        let reportsRun = Set(reports.keys).subtracting(cache.keys).count

        // The dashboard cards, with the figure each block chose (a key the report lacks is a warning).
        let carded = parsed.map { Self.pageCard($0, reports: reports) }
        // Everything not rendered as written, in one list: printed now, and with --strict the
        // build stops here, before anything is written.
        let warnings = content.warnings.map { Diagnostic($0) }
            + carded.flatMap(\.warnings)
            + parsed.flatMap { page in
                ([PageRenderer.layoutWarning(for: page.page, templates: templates)].compactMap { $0 } + page.warnings).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
            }
            + reportWarnings.withLock { $0 }
        warnings.forEach { log(.warning($0.description)) }
        if options.strict, !warnings.isEmpty {
            throw BuildFailure(step: "Warnings (--strict makes them errors)", diagnostics: warnings)
        }

        // Render: everything, or — when the site's shape is unchanged — the changed pages with the
        // pages that show them (the home dashboard, their section's index).
        let headlines = Dictionary(parsed.compactMap { page -> (String, [String])? in
            page.blocks.isEmpty ? nil : (page.page.contentPath, Self.headlineChips(page, reports: reports))
        }, uniquingKeysWith: { a, _ in a })
        let pages = await parallelMap(parsed) { $0.linkable(reports: $0.blocks.compactMap { reports[$0.cacheKey] }) }
        // The taxonomies are collected while the renderer's links and site map are worked out.
        async let collected = Taxonomy.collect(content.config.taxonomies, from: parsed.map(\.page))
        let feed = content.config.baseURL.flatMap { base in
            Feed.xml(config: content.config, base: base, entries: parsed.compactMap { page in
                page.page.frontMatter.date.map { date in
                    Feed.Entry(title: page.page.title, folder: page.page.folder, date: date, summary: page.page.summary ?? page.page.frontMatter.description ?? page.summary)
                }
            })
        }
        let links = LinkResolver(
            pages: Dictionary(pages.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a }),
            files: Set(content.staticFiles),
            drafts: content.skippedDrafts
        )
        let cards = Dictionary(zip(parsed, carded).compactMap { page, card in card.card.map { (page.page.contentPath, $0) } }, uniquingKeysWith: { a, _ in a })
        var map = loadedMap?.updated(pages: pages, headlines: headlines, cards: cards) ?? SiteMap(pages: pages, headlines: headlines, cards: cards)
        // It holds the loaded pages, which the parsed ones replace.
        loadedMap = nil
        let taxonomies = await collected
        map.addNavigation(for: taxonomies)
        let renderer = makeRenderer(content: content, templates: templates, links: links, map: map, taxonomies: taxonomies, feed: feed != nil)
        let removed = Set(previous?.parsed.keys ?? [:].keys).subtracting(parsedByPath.keys)
        let full = previous == nil || templatesChanged || stringsChanged || !removed.isEmpty
            || previous?.content.config != content.config
            || previous?.content.staticFiles != content.staticFiles
            || previous?.content.skippedDrafts != content.skippedDrafts
            || previous?.navigation != renderer.map.navigationEntries
            || previous?.sequence != renderer.map.sequence
            || previous?.hasFeed != (feed != nil)
            || newPages
        // Pages whose reports ran again (a data file they read changed) render as edited ones.
        let rerunPaths = Set(parsed.filter { $0.blocks.contains { cache[$0.cacheKey] == nil } }.map(\.page.contentPath))
        let touched = freshPaths.union(rerunPaths)
        var toRender = full ? Set(parsed.map(\.page.contentPath)) : touched
        if !full {
            let indexes = Set(parsed.map(\.page).filter(\.isIndex).map(\.contentPath))
            for path in touched where indexes.contains(SitePath.listingIndex(of: path)) {
                toRender.insert(SitePath.listingIndex(of: path))
            }
            if indexes.contains("index.md") { toRender.insert("index.md") }
        }
        let rendering = parsed.filter { toRender.contains($0.page.contentPath) }

        let output: any BuildOutput = if let streamedOutput { streamedOutput } else {
            switch destination {
            case .folder: try await steps.run(.renderPages) { try OutputWriter(output: options.outputDirectory, warn: { [log] in log(.warning($0)) }) }
            case .memory: MemoryOutput(full ? SiteFiles() : previous?.files ?? SiteFiles())
            }
        }
        var outputs = full ? [:] : previous?.outputs ?? [:]
        if !full {
            for path in removed.union(toRender) { outputs[path]?.forEach(output.remove) }
            for path in removed { outputs[path] = nil }
        }
        // Every path is claimed before it is written; the pages this build does not render again
        // keep the paths they wrote before.
        let writer = early?.writer ?? SiteWriter(output: output, paths: OutputPaths(label: outputLabel), maximumPageBytes: options.maximumPageBytes)
        for (path, written) in outputs where !toRender.contains(path) {
            for file in written { writer.paths.claim(file, by: SitePath.join(contentLabel, path)) }
        }
        outputHandedOn = true
        let progress = early?.progress ?? Progress(total: rendering.count, log: log)
        let keptTaxonomyPages = Locked(0)
        // The streamed pages' record is written while the rest of the site renders.
        let recordFile: Task<String?, Never>? = if let record, let streamedOutput, let streamed = early?.rendered {
            Task { [parsedByPath] in
                prepareRecord(key: record.key, digests: record.digests, parsed: parsedByPath, streamed: streamed, output: streamedOutput)
            }
        } else {
            nil
        }
        do {
            let (written, taxonomyPaths, index) = try await steps.run(.renderPages) {
                // The content pages first, on all cores. Then the search index is worked out while
                // the taxonomies' pages render: both cores stay busy to the end of the step, and
                // what the index holds takes the memory of the bodies the pages let go of.
                let written = await Self.result { try await render(rendering, reports: reports, with: renderer, into: writer, handingOverBodies: !keepingSource, streamed: early?.rendered ?? [:], progress: progress) }
                async let searchIndex = Self.searchFiles(parsed: parsed, reports: reports, map: renderer.map, previous: full ? nil : previous?.searchIndex, updatable: keepingSource)
                // Taxonomy pages list pages from all over the site: they are rendered on every build.
                // When both fail, the problems of both are reported.
                let taxonomiesWritten = await Self.result {
                    try await renderTaxonomies(
                        taxonomies, with: renderer, into: writer, reusing: full ? nil : previous, rerun: rerunPaths,
                        keeping: streamedOutput.map { (recorded.taxonomies, keptPaths, $0, keptTaxonomyPages) }
                    )
                }
                let index = await searchIndex
                let collisions = await Self.result { try writer.paths.check() }
                switch (written, taxonomiesWritten, collisions) {
                case let (.success(written), .success(taxonomyPaths), .success): return (written, taxonomyPaths, index)
                case let (written, taxonomyPaths, collisions):
                    var problems: [Diagnostic] = []
                    if case .failure(let error) = written { problems += Diagnostics.from(error) }
                    if case .failure(let error) = taxonomyPaths { problems += Diagnostics.from(error) }
                    if case .failure(let error) = collisions { problems += Diagnostics.from(error) }
                    throw Diagnostics(problems)
                }
            }
            for (page, paths) in zip(rendering, written) { outputs[page.page.contentPath] = paths }
            if !keptPaths.isEmpty {
                let pages = keptPaths.count, taxonomyPages = keptTaxonomyPages.withLock { $0 }
                let also = taxonomyPages == 0 ? "" : " and \(NumberText.grouped(taxonomyPages)) taxonomy page\(taxonomyPages == 1 ? "" : "s")"
                log(.note("kept \(NumberText.grouped(pages)) unchanged page\(pages == 1 ? "" : "s")\(also) from the build before last"))
            }
            let folders = Self.pageFolders(written: taxonomyPaths.flatMap(\.paths) + outputs.values.flatMap { $0 })
            let searchFiles = try await steps.run(.indexSearch) {
                let paths = try writeSearch(index: index, renderer: renderer, into: writer)
                try writer.paths.check()
                return paths
            }
            let siteFiles = try await steps.run(.writeOutput) {
                var siteFiles = Set(taxonomyPaths.flatMap(\.paths) + searchFiles)
                siteFiles.formUnion(try writeSiteFiles(content: content, templates: templates, renderer: renderer, pageFolders: folders, feed: feed, pages: parsed.map(\.page), into: writer))
                for path in (full ? [] : previous?.siteFiles ?? []).subtracting(siteFiles) { output.remove(path) }
                let recordFile = await recordFile?.value
                try output.commit()
                if let recordFile, let streamedOutput {
                    do {
                        try BuildRecord.finish(recordFile, taxonomies: taxonomyPaths.compactMap { folder, paths in
                            let outputs = paths.compactMap { path in streamedOutput.stamp(of: path).map { BuildRecord.Output(path: path, stamp: $0) } }
                            return outputs.count == paths.count ? (folder, outputs) : nil
                        })
                        try BuildRecord.commit(recordFile, cache: options.cacheDirectory, output: options.outputDirectory, folder: streamedOutput.folder, spare: streamedOutput.spareFolder)
                    } catch {
                        log(.warning("\(error); the next build renders every page again"))
                    }
                }
                return siteFiles
            }
            return SiteBuild(
                content: content, templates: templates, parsed: parsedByPath, taxonomies: taxonomies,
                taxonomyOutputs: Dictionary(taxonomyPaths.map { ($0.folder, $0.paths) }, uniquingKeysWith: { a, _ in a }), searchIndex: index,
                reports: reports, navigation: renderer.map.navigationEntries, sequence: renderer.map.sequence, outputs: outputs,
                siteFiles: siteFiles, hasFeed: feed != nil, renderer: renderer, strings: Strings.current, files: output.files,
                summary: BuildSummary(
                    pages: parsed.count + taxonomies.reduce(0) { $0 + 1 + $1.terms.count } + parsed.reduce(0) { total, page in
                        total + page.blocks.reduce(0) { $0 + (reports[$1.cacheKey]?.pages.count ?? 0) }
                    },
                    reports: reports.count,
                    files: outputs.values.reduce(0) { $0 + $1.count } + siteFiles.count,
                    warnings: warnings
                ),
                work: SiteBuild.Work(rendered: rendering.count, pages: parsed.count, reportsRun: reportsRun, full: full)
            )
        } catch {
            output.discard()
            if let recordFile = await recordFile?.value { unlink(recordFile) }
            throw error
        }
    }

    /// Writes the record of the streamed pages (rendered as parsed or kept) for a later build that
    /// writes over this build's folder (``BuildRecord``), to be put in place once the folder is
    /// swapped in. Nil when it cannot be written: a warning, and that build renders every page.
    private func prepareRecord(
        key: ContentDigest, digests: [String: (front: ContentDigest, body: ContentDigest)], parsed: [String: ParsedPage],
        streamed: [String: Result<[String], Diagnostics>], output: OutputWriter
    ) -> String? {
        // In any order: the record is read into a table by path.
        let pages = streamed.lazy.compactMap { path, result -> (path: String, entry: BuildRecord.PageEntry)? in
            guard case .success(let files) = result, let page = parsed[path], let digest = digests[path] else { return nil }
            var outputs: [BuildRecord.Output] = []
            for file in files {
                guard let stamp = output.stamp(of: file) else { return nil }
                outputs.append(BuildRecord.Output(path: file, stamp: stamp))
            }
            return (path, BuildRecord.PageEntry(
                front: digest.front, body: digest.body, summary: page.summary, pageSummary: page.page.summary,
                outline: page.outline, warnings: page.warnings, outputs: outputs
            ))
        }
        do {
            return try BuildRecord.prepare(pages, key: key, cache: options.cacheDirectory, output: options.outputDirectory, folder: output.folder)
        } catch {
            log(.warning("\(error); the next build renders every page again"))
            return nil
        }
    }

    /// What `body` returns or throws.
    private static func result<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// `site.yml`, pages with front matter, other files; `--base-url` applied. Pages whose files
    /// are unchanged since `previous` are taken from it. Without `keepingBodies`, the pages' bodies
    /// are left in their files (``PageBodies``).
    private func loadContent(previous: LoadedContent?, keepingBodies: Bool) async throws -> LoadedContent {
        var content = try await ContentLoader(
            directory: options.contentDirectory, label: contentLabel, includeDrafts: options.drafts, previous: previous, keepingBodies: keepingBodies
        ).load()
        if let language = options.language { content.config.language = language }
        if let baseURL = options.baseURL {
            try SiteConfig.validate(baseURL: baseURL)
            content.config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        }
        return content
    }

    /// Runs every block of `parsed` that is not in `cache`.
    private func runReports(_ parsed: [ParsedPage], cache: [String: Report], warnings: Locked<[Diagnostic]>, config: SiteConfig) async throws -> [String: Report] {
        let context = ReportContext(
            seedOverride: options.seed,
            contentDirectory: options.contentDirectory,
            cacheDirectory: options.cacheDirectory,
            offline: options.offline,
            refresh: options.refresh,
            warn: { message in warnings.withLock { $0.append(Diagnostic(message)) } },
            note: { [log] message in log(.note(message)) },
            network: config.network,
            writesCache: writesCache
        )
        return try await ReportRunner(kinds: kinds, context: context).run(parsed, cache: cache)
    }

    /// A page's dashboard chips: one per report with figures, its figures joined by " · "
    /// ("23 customers · 8.40 s"); when the page has several, each is named by the heading above
    /// its block (or the report's title), so a reader can tell which run is which.
    static func headlineChips(_ page: ParsedPage, reports: [String: Report]) -> [String] {
        let figured = zip(page.blocks, page.blockHeadings).compactMap { block, heading -> (Report, String?)? in
            guard let report = reports[block.cacheKey], !report.headlines.isEmpty else { return nil }
            return (report, heading)
        }
        return figured.map { report, heading in
            let figures = report.headlines.joined(separator: " · ")
            guard figured.count > 1 else { return figures }
            return (heading ?? report.document.title) + ": " + figures
        }
    }

    /// A page's dashboard card: the card of its first report that has one, headed by the figure
    /// its block chose with `card=KEY`; a key the report has no figure for is a warning at the
    /// block's fence, and the card keeps its own headline.
    static func pageCard(_ page: ParsedPage, reports: [String: Report]) -> (card: ReportCard?, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var first: ReportCard?
        for (block, choice) in zip(page.blocks, page.blockCards) {
            guard let report = reports[block.cacheKey] else { continue }
            var card = report.document.card
            if let choice {
                if let chosen = card?.choosing(choice) {
                    card = chosen
                } else {
                    let keys = report.document.card?.figures.map(\.key) ?? []
                    let expected = keys.isEmpty ? "it has no card figures" : "expected one of: " + keys.joined(separator: ", ")
                    warnings.append(Diagnostic(line: block.line, "card=\(choice): the \(block.kind) report has no figure \"\(choice)\"; \(expected)").located(in: page.loaded.file))
                }
            }
            if first == nil { first = card }
        }
        return (first, warnings)
    }

    /// What renders plain pages as they are parsed (``StreamedPages``): a renderer over the loaded
    /// `pages`, whose titles are all in their front matter, and the output folder opened for
    /// writing. Nil when the output folder cannot be opened: the render step opens it again and
    /// reports why it cannot.
    private func streamingRenderer(for pages: [Page], content: LoadedContent, templates: TemplateSet) -> StreamedPages? {
        guard let output = try? OutputWriter(output: options.outputDirectory, warn: { [log] in log(.warning($0)) }) else { return nil }
        // Without their text: these are held while the whole site is parsed. A page whose body
        // the load left in its file (``PageBodies``) is taken as it is, not copied.
        let loaded = pages.map { page in
            guard !page.body.isEmpty else { return page }
            var page = page
            page.body = ""
            return page
        }
        // The taxonomies some page names, in the order named (as ``Taxonomy/collect(_:from:)``
        // finds them): a page shows its own terms and the navigation names the taxonomies, so
        // their terms' pages are not needed here (they are collected after the parse).
        let taxonomies = content.config.taxonomies.filter { name in
            loaded.contains { !($0.frontMatter.terms[name] ?? []).isEmpty }
        }.map { Taxonomy(name: $0, terms: []) }
        // The map of the pages as loaded, which the build's own map is made from after the parse
        // (``SiteMap/updated(pages:headlines:cards:)``); the renderer's has the taxonomies too.
        let structure = SiteMap(pages: loaded, headlines: [:])
        var map = structure
        map.addNavigation(for: taxonomies)
        let renderer = makeRenderer(
            content: content, templates: templates,
            links: LinkResolver(pages: Dictionary(loaded.map { ($0.contentPath, $0) }, uniquingKeysWith: { a, _ in a }), files: Set(content.staticFiles), drafts: content.skippedDrafts),
            map: map, taxonomies: taxonomies,
            feed: content.config.baseURL != nil && loaded.contains { $0.frontMatter.date != nil }
        )
        // A page writes two files: its HTML and its Markdown.
        let files = 2 * loaded.count
        output.expect(files: files)
        let writer = SiteWriter(output: output, paths: OutputPaths(label: outputLabel, expectedFiles: files), maximumPageBytes: options.maximumPageBytes)
        return StreamedPages(renderer: renderer, map: structure, output: output, writer: writer, total: pages.count, log: log)
    }

    /// The renderer for a site with these links and map (titles resolved, headline figures in).
    private func makeRenderer(
        content: LoadedContent, templates: TemplateSet, links: LinkResolver, map: SiteMap,
        taxonomies: [Taxonomy], feed: Bool
    ) -> PageRenderer {
        PageRenderer(
            templates: templates,
            site: SiteValues(title: content.config.title, description: content.config.description, language: content.config.language),
            config: content.config,
            links: links,
            map: map,
            kinds: Set(kinds.keys),
            taxonomies: taxonomies,
            feed: feed ? Feed.path : nil
        )
    }

    /// The taxonomies' pages, on all cores: each taxonomy's terms page and a page per term.
    /// Returns the paths each taxonomy wrote.
    /// - Parameter keeping: for `sitegen build` writing over an earlier build's folder, that
    ///   build's taxonomy pages' files (``BuildRecord``), the pages this build kept, and the
    ///   output: a taxonomy page all of whose pages were kept keeps its files too (counted).
    private func renderTaxonomies(
        _ taxonomies: [Taxonomy], with renderer: PageRenderer, into writer: SiteWriter, reusing previous: SiteBuild?, rerun: Set<String>,
        keeping: (recorded: [String: [BuildRecord.Output]], pages: Set<String>, output: OutputWriter, count: Locked<Int>)? = nil
    ) async throws -> [(folder: String, paths: [String])] {
        var problems = DiagnosticCollector()
        let jobs = taxonomies.flatMap { taxonomy in [(taxonomy, nil)] + taxonomy.terms.map { (taxonomy, $0) } }
        // Without a change to the site's shape, a page of a term whose pages are all as they were
        // keeps the files it wrote (and the page of terms when the taxonomy is as it was).
        let earlier = Dictionary((previous?.taxonomies ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let results = await parallelMap(jobs) { taxonomy, term -> Result<[String], Diagnostics> in
            let source = term.map { term in
                let first = term.pages.map(\.file).min().map { " (\($0))" } ?? ""
                return "the page of the \(taxonomy.name) term \"\(OutputPaths.shortened(term.name))\"\(first)"
            } ?? "the \(taxonomy.name) taxonomy's page of terms"
            if let keeping, let files = keeping.recorded[term?.folder ?? taxonomy.folder],
               files.allSatisfy({ $0.path.hasPrefix((term?.folder ?? taxonomy.folder) + "/") }),
               (term.map { [$0] } ?? taxonomy.terms).allSatisfy({ $0.pages.allSatisfy { keeping.pages.contains($0.contentPath) } }),
               keeping.output.keep(files.map { ($0.path, $0.stamp) }) {
                for file in files { _ = writer.paths.claim(file.path, by: source) }
                keeping.count.withLock { $0 += 1 }
                return .success(files.map(\.path))
            }
            if let before = earlier[taxonomy.name], let paths = previous?.taxonomyOutputs[term?.folder ?? taxonomy.folder] {
                let same = if let term {
                    before.terms.first { $0.folder == term.folder } == term && !term.pages.contains { rerun.contains($0.contentPath) }
                } else {
                    before == taxonomy
                }
                if same {
                    for path in paths { _ = writer.paths.claim(path, by: source) }
                    return .success(paths)
                }
            }
            do {
                let files = if let term { try renderer.render(term, of: taxonomy) } else { try renderer.render(taxonomy) }
                for file in files { try writer.write(file.data, to: file.path, by: source) }
                return .success(files.map(\.path))
            } catch {
                return .failure(Diagnostics(Diagnostics.from(error)))
            }
        }
        var written: [(folder: String, paths: [String])] = []
        for ((taxonomy, term), result) in zip(jobs, results) {
            switch result {
            case .success(let paths): written.append((term?.folder ?? taxonomy.folder, paths))
            case .failure(let errors): errors.items.forEach { problems.add($0) }
            }
        }
        try problems.check()
        return written
    }

    /// Renders `parsed` on all cores, writing each page's files as soon as it is rendered. Returns
    /// the paths each page wrote, in the order of `parsed`; throws the problems of every page that
    /// failed. With `handingOverBodies`, each page lets go of its rendered body as it is rendered.
    /// - Parameter streamed: the pages rendered as they were parsed (``StreamedPages``), whose
    ///   results are taken in their place among the others.
    private func render(
        _ parsed: [ParsedPage], reports: [String: Report], with renderer: PageRenderer, into writer: SiteWriter,
        handingOverBodies: Bool, streamed: [String: Result<[String], Diagnostics>], progress: Progress
    ) async throws -> [[String]] {
        let results = await parallelMap(parsed) { page -> Result<[String], Diagnostics> in
            if let result = streamed[page.page.contentPath] { return result }
            defer { progress.advance() }
            return Self.renderAndWrite(page, reports: page.blocks.compactMap { reports[$0.cacheKey] }, with: renderer, into: writer, handingOverBody: handingOverBodies)
        }
        var problems = DiagnosticCollector()
        let written = results.map { result -> [String] in
            switch result {
            case .success(let paths): return paths
            case .failure(let errors):
                errors.items.forEach { problems.add($0) }
                return []
            }
        }
        try problems.check()
        return written
    }

    /// Renders one page and writes its files. Returns the paths written, or the problems, located
    /// in the page's file, that stopped it.
    static func renderAndWrite(_ page: ParsedPage, reports: [Report], with renderer: PageRenderer, into writer: SiteWriter, handingOverBody: Bool) -> Result<[String], Diagnostics> {
        do {
            var paths: [String] = []
            for file in try renderer.render(page, reports: reports, handingOverBody: handingOverBody) {
                try writer.write(file.data, to: file.path, by: page.page.file)
                paths.append(file.path)
            }
            return .success(paths)
        } catch {
            return .failure(Diagnostics(Diagnostics.from(error).map { $0.located(in: page.page.file) }))
        }
    }

    /// The folders of all HTML pages among the paths written, sorted.
    private static func pageFolders(written: [String]) -> [String] {
        written.filter { $0 == "index.html" || $0.hasSuffix("/index.html") }.map(SitePath.parent).sorted()
    }

    /// Static files, assets, `404.html`, `sitemap.xml` and `atom.xml`. Returns the paths written.
    private func writeSiteFiles(content: LoadedContent, templates: TemplateSet, renderer: PageRenderer, pageFolders: [String], feed: String?, pages: [Page], into writer: SiteWriter) throws -> [String] {
        var problems = DiagnosticCollector()
        var written: [String] = []
        for file in content.staticFiles {
            problems.attempt { try writer.copy(options.contentDirectory.appendingPathComponent(file), to: file, by: SitePath.join(contentLabel, file)) }
            written.append(file)
        }
        for asset in templates.assets {
            problems.attempt { try writer.write(asset.contents, to: asset.outputPath, by: asset.source) }
            written.append(asset.outputPath)
        }
        problems.attempt { try writer.write(try renderer.renderNotFound(), to: "404.html", by: "the 404 page") }
        written.append("404.html")
        if let base = content.config.baseURL {
            problems.attempt { try writer.write(Sitemap.xml(base: base, folders: pageFolders), to: "sitemap.xml", by: "the sitemap (site.yml base_url)") }
            written.append("sitemap.xml")
        }
        if let feed {
            problems.attempt { try writer.write(feed, to: Feed.path, by: "the Atom feed (site.yml base_url)") }
            written.append(Feed.path)
        }
        // Old addresses (`aliases`): their paths are claimed like every other.
        written += problems.attempt { try RedirectPages.write(pages, language: content.config.language, into: writer) } ?? []
        problems.attempt { try writer.paths.check() }
        try problems.check()
        return written
    }

    /// The path of `path` relative to `folder` when it lies inside it (links resolved on both
    /// sides), e.g. `shop/sales.csv`.
    static func relativePath(_ path: String, inside folder: URL) -> String? {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return resolved.hasPrefix(root) ? String(resolved.dropFirst(root.count)) : nil
    }

    /// True when an absolute path lies inside `folder` (links resolved on both sides).
    private static func path(_ path: String, isInside folder: URL) -> Bool {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(root)
    }
}
