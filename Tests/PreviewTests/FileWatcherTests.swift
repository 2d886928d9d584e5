import Foundation
@testable import Preview
import Testing

@Suite(.timeLimit(.minutes(1))) struct FileWatcherTests {
    @Test func reportsCreatedChangedAndRemovedFilesInBatches() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let content = site.content
        let watcher = try FileWatcher(folders: [content.path], debounce: .milliseconds(200))
        var batches = watcher.changes.makeAsyncIterator()
        func path(_ name: String) -> String { content.appendingPathComponent(name).path }

        // One burst: editor temp files, a new page, a new folder with a page, an edit.
        try "x".write(toFile: path(".about.md.swp"), atomically: false, encoding: .utf8)
        try "x".write(toFile: path("4913"), atomically: false, encoding: .utf8)
        try "x".write(toFile: path("about.md~"), atomically: false, encoding: .utf8)
        try "new".write(toFile: path("new.md"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path("guide"), withIntermediateDirectories: false)
        try "guide".write(toFile: path("guide/start.md"), atomically: false, encoding: .utf8)
        try "About, edited".write(toFile: path("about.md"), atomically: true, encoding: .utf8)
        let first = try #require(await batches.next())
        try await collect(into: first, from: &batches, until: [path("new.md"), path("guide/start.md"), path("about.md")]) { all in
            #expect(all.isSuperset(of: [path("new.md"), path("guide/start.md"), path("about.md")]))
            #expect(all.allSatisfy { !$0.hasSuffix(".swp") && !$0.hasSuffix("~") && !$0.hasSuffix("/4913") })
        }

        // A file in the new folder is watched too; removals are reported.
        try "guide, edited".write(toFile: path("guide/start.md"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path("new.md"))
        let second = try #require(await batches.next())
        try await collect(into: second, from: &batches, until: [path("guide/start.md"), path("new.md")]) { all in
            #expect(all.isSuperset(of: [path("guide/start.md"), path("new.md")]))
        }

        await watcher.stop()
        #expect(await batches.next() == nil)
    }

    /// Issue 31: after `Content/` was deleted and made again (as `git checkout` or `rm -rf` and a
    /// copy do), nothing in it was watched any more and `serve` never rebuilt again.
    @Test func aWatchedFolderDeletedAndMadeAgainIsWatchedAgain() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let content = site.content.path
        let watcher = try FileWatcher(folders: [content], debounce: .milliseconds(200))
        var batches = watcher.changes.makeAsyncIterator()

        try FileManager.default.removeItem(atPath: content)
        let gone = try #require(await batches.next())
        try await collect(into: gone, from: &batches, until: [content]) { all in
            #expect(all.contains(content))
        }

        // Made again with a page in it: the folder and the page are reported.
        try FileManager.default.createDirectory(atPath: content + "/notes", withIntermediateDirectories: true)
        try "back".write(toFile: content + "/notes/back.md", atomically: false, encoding: .utf8)
        let back = try #require(await batches.next())
        try await collect(into: back, from: &batches, until: [content, content + "/notes/back.md"]) { all in
            #expect(all.isSuperset(of: [content, content + "/notes/back.md"]))
        }

        // And watched again: an edit in the new folder is seen.
        try "back, edited".write(toFile: content + "/notes/back.md", atomically: false, encoding: .utf8)
        let edited = try #require(await batches.next())
        try await collect(into: edited, from: &batches, until: [content + "/notes/back.md"]) { all in
            #expect(all.contains(content + "/notes/back.md"))
        }

        // Moved away and back: the same.
        try FileManager.default.moveItem(atPath: content, toPath: site.root.appendingPathComponent("Elsewhere").path)
        let moved = try #require(await batches.next())
        try await collect(into: moved, from: &batches, until: [content]) { all in #expect(all.contains(content)) }
        try FileManager.default.moveItem(atPath: site.root.appendingPathComponent("Elsewhere").path, toPath: content)
        let returned = try #require(await batches.next())
        try await collect(into: returned, from: &batches, until: [content + "/notes/back.md"]) { all in
            #expect(all.contains(content + "/notes/back.md"))
        }
        try "again".write(toFile: content + "/notes/back.md", atomically: false, encoding: .utf8)
        let again = try #require(await batches.next())
        try await collect(into: again, from: &batches, until: [content + "/notes/back.md"]) { all in
            #expect(all.contains(content + "/notes/back.md"))
        }
        await watcher.stop()
    }

    /// Gathers batches until `expected` are all seen (a slow machine may split a burst).
    private func collect(
        into first: Set<String>,
        from batches: inout AsyncStream<Set<String>>.Iterator,
        until expected: Set<String>,
        check: (Set<String>) -> Void
    ) async throws {
        var all = first
        while !all.isSuperset(of: expected), let next = await batches.next() { all.formUnion(next) }
        check(all)
    }

    @Test func stopsWhenNothingHappened() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let watcher = try FileWatcher(folders: [site.content.path])
        await watcher.stop()
        await watcher.stop()
        for await _ in watcher.changes {}
    }
}
