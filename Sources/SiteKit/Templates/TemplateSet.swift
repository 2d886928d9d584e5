import Basics
import Foundation
import Randomness
import ReportKit
import Templating

/// The site's Mustache templates, parsed once, and its assets with content-hashed names.
///
/// sitegen's own templates and assets with every kind's (``BuiltInTemplates``, built into the
/// binary) are the start; each file of the templates folder, when there is one, replaces the
/// built-in file of its name or adds to them. Templates are `*.mustache` (and subfolders, named
/// `partials/card`); `page` and `404` are required, `home` falls back to `page`. Assets are the
/// files under `assets/`.
struct TemplateSet: Sendable {
    let library: TemplateLibrary
    let names: Set<String>
    /// Each template's file as messages name it (`Templates/partials/nav.mustache`,
    /// `built-in page.mustache`).
    let files: [String: String]
    /// Assets: the hashed path each is written to (`assets/site.3f9a1c2b.css`) and its bytes.
    let assets: [Asset]
    /// The digest of every file the set was made from (built-in and the folder's), by path:
    /// what changes when any template, asset or string table does.
    let digest: ContentDigest

    struct Asset: Sendable {
        let outputPath: String
        let contents: Data
        /// Its file as messages name it (`Templates/assets/site.css`, `built-in assets/site.css`).
        let source: String
        /// The kinds it belongs to (``BuiltInTemplates/owners``): a page links it only when it
        /// shows one of them. Empty for the site's own assets, which every page links.
        let kinds: Set<String>
    }

    /// The stylesheets: `site.css` first (the base), then the others in name order.
    private let stylesheets: [Asset]
    /// The scripts, in name order.
    private let scripts: [Asset]

    static let required = ["page", "404"]

    /// - Parameters:
    ///   - directory: the site's templates folder; it need not exist.
    ///   - label: how the folder is named in messages (`Templates`).
    ///   - builtIn: the built-in files, which the folder's files replace.
    init(directory: URL, label: String, builtIn: BuiltInTemplates) throws {
        let directory = directory.resolvingSymlinksInPath()
        var problems = DiagnosticCollector()
        builtIn.problems.forEach { problems.add($0) }
        // Every file by its path under the templates folder: where it is shown from, and its bytes.
        var sources: [String: (file: String, data: Data)] = [:]
        for (relative, text) in builtIn.files {
            sources[relative] = ("built-in \(relative)", Data(text.utf8))
        }
        for relative in Self.list(directory, extension: nil, label: label, problems: &problems) {
            let file = SitePath.join(label, relative)
            guard let data = problems.attempt({ try FileInput.read(directory.appendingPathComponent(relative).path, shownAs: file) }) else { continue }
            sources[relative] = (file, data)
        }
        digest = ContentDigest(combining: sources.sorted { $0.key < $1.key }.flatMap { relative, source in
            [ContentDigest(relative), ContentDigest(source.file), source.data.withUnsafeBytes { ContentDigest(bytes: $0) }]
        })
        var templates: [String: Template] = [:]
        var parsed: [String: (file: String, references: [Template.Reference])] = [:]
        var present = Set<String>()
        for (relative, source) in sources.sorted(by: { $0.key < $1.key }) where relative.hasSuffix(".mustache") && !relative.hasPrefix("assets/") {
            let file = source.file
            let name = String(relative.dropLast(".mustache".count))
            present.insert(name)
            guard let text = String(validating: source.data, as: UTF8.self) else {
                problems.add(Diagnostic(file: file, "cannot read the template (is it UTF-8 text?)"))
                continue
            }
            do {
                let template = try Template(text)
                templates[name] = template
                parsed[name] = (file, template.references)
            } catch {
                problems.add(Diagnostic(file: file, line: error.line, "template error: \(error.message)\(Self.context(of: error))"))
            }
        }
        for name in Self.required where !present.contains(name) {
            problems.add(Diagnostic(file: SitePath.join(label, "\(name).mustache"), "missing: every site needs a \(name) template"))
        }
        // A partial or parent that does not exist would silently render nothing: make it an error.
        // The references come from the parsed templates, so changed delimiters hide none.
        for (_, source) in parsed.sorted(by: { $0.key < $1.key }) {
            for reference in source.references where !present.contains(reference.name) {
                problems.add(Diagnostic(file: source.file, line: reference.line, "template error: {{\(reference.sigil)\(reference.name)}} names no template in \(label)/ or the built-in templates (have: \(parsed.keys.sorted().joined(separator: ", ")))"))
            }
        }
        // A partial may include itself inside a section (a tree drawn as deep as its data goes);
        // one that includes itself whatever the data could never finish.
        for cycle in Self.cycles(parsed.mapValues { $0.references.filter(\.always).map { ($0.sigil, $0.name, $0.line) } }) {
            guard let first = cycle.first, let source = parsed[first.from] else { continue }
            let path = (cycle.map(\.from) + [first.from]).joined(separator: " → ")
            let what = first.sigil == "<" ? "inherits from itself" : "includes itself"
            problems.add(Diagnostic(file: source.file, line: first.line, "template error: {{\(first.sigil)\(first.to)}}: \(first.from) \(what) (\(path)); rendering it would never end"))
        }
        try problems.check()
        library = TemplateLibrary(templates, missingPartialsAreErrors: true)
        names = Set(templates.keys)
        files = parsed.mapValues(\.file)

        assets = sources.keys.filter { $0.hasPrefix("assets/") }.sorted().compactMap { relative in
            guard let (file, contents) = sources[relative] else { return nil }
            return Asset(
                outputPath: "assets/" + Self.hashedName(String(relative.dropFirst("assets/".count)), contents),
                contents: contents, source: file, kinds: builtIn.owners[relative] ?? []
            )
        }
        let sheets = assets.filter { $0.outputPath.hasSuffix(".css") }
        stylesheets = sheets.filter { $0.outputPath.hasPrefix("assets/site.") } + sheets.filter { !$0.outputPath.hasPrefix("assets/site.") }
        scripts = assets.filter { $0.outputPath.hasSuffix(".js") }
    }

    /// Hashed paths of the stylesheets a page showing reports of `kinds` links: the site's, and
    /// those of these kinds.
    func stylesheets(showing kinds: Set<String>) -> [String] {
        stylesheets.filter { $0.kinds.isEmpty || !$0.kinds.isDisjoint(with: kinds) }.map(\.outputPath)
    }

    /// Hashed paths of the scripts a page showing reports of `kinds` loads: the site's, and those
    /// of these kinds.
    func scripts(showing kinds: Set<String>) -> [String] {
        scripts.filter { $0.kinds.isEmpty || !$0.kinds.isDisjoint(with: kinds) }.map(\.outputPath)
    }

    /// Renders a layout as UTF-8 bytes, for a page written to a file; the layout must exist
    /// (checked when pages are prepared). A rendering that goes beyond the ``TemplateLimits``
    /// throws a diagnostic naming the templates' chain, and `page`, the file whose values were
    /// rendered, when there is one.
    func renderBytes(_ layout: String, _ values: some TemplateObject, page: String? = nil) throws(Diagnostic) -> [UInt8] {
        try bytes(of: layout, .object(values), page: page) ?? []
    }

    /// Renders template `name` over `value`; nil when there is no such template.
    func render(_ name: String, _ value: TemplateValue, page: String?) throws(Diagnostic) -> String? {
        try bytes(of: name, value, page: page).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Template `name` rendered over `value` as UTF-8 bytes; nil when there is no such template.
    private func bytes(of name: String, _ value: TemplateValue, page: String?) throws(Diagnostic) -> [UInt8]? {
        do {
            return try library.renderBytes(name, value)
        } catch {
            throw diagnostic(for: error, page: page)
        }
    }

    /// A render error as a diagnostic at the innermost tag of its chain.
    func diagnostic(for error: TemplateRenderError, page: String?) -> Diagnostic {
        let innermost = error.chain.last
        let chain = error.chain.isEmpty ? "" : "; templates: " + error.describeChain { files[$0] ?? $0 }
        let rendering = page.map { " (rendering \($0))" } ?? ""
        return Diagnostic(file: innermost.map { files[$0.template] ?? $0.template }, line: innermost?.line, "template error\(rendering): \(error.message)\(chain)")
    }

    /// `site.css` with contents hashing to 3f9a1c2b → `site.3f9a1c2b.css`.
    static func hashedName(_ relative: String, _ contents: Data) -> String {
        let hex = String(stableHash(bytes: contents) >> 32, radix: 16)
        let digits = String(repeating: "0", count: max(0, 8 - hex.count)) + hex
        guard let dot = relative.lastIndex(of: "."), !relative[..<dot].hasSuffix("/") else { return relative + "." + digits }
        return "\(relative[..<dot]).\(digits)\(relative[dot...])"
    }

    /// Files under `folder` (hidden ones skipped, links to files and folders followed), relative
    /// to it and sorted; with `wanted`, only those with that extension outside `assets/`. A folder
    /// that exists but cannot be read, a link to nothing, and a FIFO, socket or device are
    /// problems named with `label`; a link back to a folder above it is walked once.
    private static func list(_ folder: URL, extension wanted: String?, label: String, problems: inout DiagnosticCollector) -> [String] {
        let base = folder.standardizedFileURL.path
        var info = stat()
        guard stat(base, &info) == 0 else { return [] }
        var result: [String] = []
        var folders = [""]
        var seen: Set<[UInt64]> = [[UInt64(info.st_dev), UInt64(info.st_ino)]]
        while let relative = folders.popLast() {
            guard let entries = DirectoryListing.entries(of: relative.isEmpty ? base : base + "/" + relative, followingLinksToFiles: true) else {
                problems.add(Diagnostic(file: SitePath.join(label, relative), "cannot read the folder: \(FileInput.errorText())"))
                continue
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                let file = SitePath.join(label, child)
                switch entry.kind {
                case .folder:
                    var inner = stat()
                    if stat(base + "/" + child, &inner) != 0 || seen.insert([UInt64(inner.st_dev), UInt64(inner.st_ino)]).inserted { folders.append(child) }
                case .file:
                    if let wanted {
                        guard child.hasSuffix("." + wanted), !child.hasPrefix("assets/") else { continue }
                    }
                    result.append(child)
                case .other:
                    // A link to a folder is walked; a broken link, a pipe or a device is never a
                    // silent gap in the site.
                    let path = base + "/" + child
                    var target = stat()
                    if lstat(path, &target) == 0, let special = FileInput.specialKind(target.st_mode) {
                        problems.add(Diagnostic(file: file, "is \(special), not a file; refused (remove it from \(label)/)"))
                    } else if stat(path, &target) != 0 {
                        problems.add(Diagnostic(file: file, "is a link to \(DirectoryListing.linkTarget(path) ?? "nothing"), which does not exist"))
                    } else if (target.st_mode & S_IFMT) == S_IFDIR {
                        if seen.insert([UInt64(target.st_dev), UInt64(target.st_ino)]).inserted { folders.append(child) }
                    } else {
                        problems.add(Diagnostic(file: file, "is a link to \(DirectoryListing.linkTarget(path) ?? "?"), which is \(FileInput.specialKind(target.st_mode) ?? "not a file"); refused"))
                    }
                }
            }
        }
        return result.sorted()
    }

    /// One `{{> to}}` or `{{< to}}` in template `from`.
    struct Edge: Hashable {
        let from: String
        let to: String
        let sigil: String
        let line: Int
    }

    /// Every cycle of partials and parents, each once, starting at its smallest template name,
    /// in name order. Walked with an explicit stack, so a long chain cannot overflow ours.
    static func cycles(_ references: [String: [(sigil: String, name: String, line: Int)]]) -> [[Edge]] {
        var edges: [String: [Edge]] = [:]
        for (from, list) in references {
            var seen = Set<String>()
            edges[from] = list.filter { references[$0.name] != nil && seen.insert($0.name).inserted }
                .map { Edge(from: from, to: $0.name, sigil: $0.sigil, line: $0.line) }
        }
        var finished = Set<String>()
        var found: [[Edge]] = []
        var keys = Set<[String]>()
        for start in edges.keys.sorted() where !finished.contains(start) {
            var path: [Edge] = []
            var onPath: [String: Int] = [start: 0]
            var stack: [(node: String, next: Int)] = [(start, 0)]
            while let top = stack.last {
                let outgoing = edges[top.node] ?? []
                guard top.next < outgoing.count else {
                    stack.removeLast()
                    onPath[top.node] = nil
                    finished.insert(top.node)
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = outgoing[top.next]
                if let depth = onPath[edge.to] {
                    var cycle = Array(path[depth...]) + [edge]
                    let smallest = cycle.indices.min { cycle[$0].from < cycle[$1].from } ?? 0
                    cycle = Array(cycle[smallest...] + cycle[..<smallest])
                    if keys.insert(cycle.map(\.from)).inserted { found.append(cycle) }
                } else if !finished.contains(edge.to) {
                    path.append(edge)
                    onPath[edge.to] = path.count
                    stack.append((edge.to, 0))
                }
            }
        }
        return found.sorted { $0[0].from == $1[0].from ? $0.count < $1.count : $0[0].from < $1[0].from }
    }

    /// Where on its line a malformed tag is, for the errors whose message does not name the tag.
    private static func context(of error: TemplateSyntaxError) -> String {
        switch error.kind {
        case .unfinishedTag, .unfinishedComment, .badDelimiters, .unknownPragma:
            " (column \(error.column): \(error.lineText.trimmingCharacters(in: .whitespacesAndNewlines)))"
        case .closeDoesNotMatch, .neverClosed, .transformOnBlock, .tagInsideParent, .nestedTooDeeply:
            ""
        }
    }
}
