import Basics
import Foundation
import SiteKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 31: a file we cannot read, copy or write whole is an error; FIFOs, sockets and devices
/// are refused with their path; nothing is swallowed.
@Suite("Files: whole or an error, special files refused")
struct FileSafetyTests {
    private static var executable: URL {
        TestSite.projectFolder.appendingPathComponent(".build/debug/sitegen")
    }

    /// Runs `script` with `sh` in `folder`, `SITEGEN` set to the built executable; gives up
    /// (and fails) after `seconds`. Returns the exit status and stderr.
    private func shell(_ script: String, in folder: URL, seconds: Double = 120) async throws -> (status: Int32, errors: String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build sitegen first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SITEGEN": Self.executable.path]) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        #expect(finished, "\(script) did not finish within \(seconds) s")
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text)
    }

    /// The disk-full data loss: a hidden file in the output was copied short and the intact copy
    /// was overwritten by the next build. Writes here are limited to 1 MB (`ulimit -f`, a write
    /// past it fails as on a full disk); the 3 MB hidden file survives two builds whole.
    @Test func aHiddenFileInTheOutputSurvivesAFullDisk() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        try await site.build()
        let keep = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try keep.write(to: site.root.appendingPathComponent("Public/.keepme"))
        for _ in 0..<2 {
            let result = try await shell("trap '' XFSZ; ulimit -f 1024; \"$SITEGEN\" build --quiet", in: site.root)
            #expect(result.status == 0, "\(result.errors)")
            #expect(try Data(contentsOf: site.root.appendingPathComponent("Public/.keepme")) == keep)
        }
    }

    /// A content file that cannot be copied whole (the disk is full) fails the build, naming it,
    /// and the previous output stays.
    @Test func aContentFileCutShortByAFullDiskIsAnError() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        try await site.build()
        let before = try site.snapshot()
        try Data(count: 3 << 20).write(to: site.root.appendingPathComponent("Content/video.bin"))
        let result = try await shell("trap '' XFSZ; ulimit -f 1024; \"$SITEGEN\" build --quiet", in: site.root)
        #expect(result.status != 0)
        #expect(result.errors.contains("Content/video.bin: cannot copy it whole to Public/video.bin ("), "\(result.errors)")
        #expect(result.errors.contains(" of 3,145,728 bytes written): File too large"), "\(result.errors)")
        #expect(try site.snapshot() == before)
    }

    /// A FIFO in the output made every build wait forever for a writer.
    @Test func aFIFOInTheOutputIsRefusedNamingIt() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        try await site.build()
        let fifo = site.root.appendingPathComponent("Public/.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try await shell("\"$SITEGEN\" build --quiet", in: site.root, seconds: 60)
        #expect(result.status != 0)
        #expect(result.errors.contains("\(fifo) is a FIFO (named pipe); sitegen keeps the hidden files of the output folder, but cannot keep this one; remove it"), "\(result.errors)")
        #expect(site.exists("index.html"))
    }

    /// A FIFO in the content folder was skipped with a misleading message; a socket likewise.
    @Test func specialFilesInTheContentFolderAreRefusedNamingThem() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n"])
        defer { site.remove() }
        #expect(mkfifo(site.root.appendingPathComponent("Content/data.csv").path, 0o644) == 0)
        let socketPath = site.root.appendingPathComponent("Content/live.sock").path
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/data.csv: is a FIFO (named pipe), not a file; refused (remove it from Content/)",
            "Content/live.sock: is a socket, not a file; refused (remove it from Content/)",
        ])
    }

    /// A backslash in a file name became a link browsers read as a folder separator.
    @Test func aBackslashInAFileNameIsAnError() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/a\\b.md": "# B\n"])
        defer { site.remove() }
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == [
            "Content/a\\b.md: the name holds \"\\\", which cannot be part of a link; rename it",
        ])
    }

    /// A staging folder whose process id now belongs to another process was kept forever; the
    /// start time in its name tells them apart.
    @Test func aStagingFolderOfAReusedProcessIDIsRemoved() async throws {
        let alive = getppid()
        let site = try TestSite([
            "Content/index.md": "# Home\n",
            ".Public.sitegen-staging-\(alive)-1/.sitegen-output": "",
            ".Public.sitegen-staging-\(alive)-1/index.html": "half",
        ])
        defer { site.remove() }
        try await site.build()
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(names.filter { $0.contains("sitegen-staging") }.isEmpty)
    }

    /// An i18n table that cannot be read was ignored in silence, and so was `fr.yml` on a site
    /// whose language is `fr`.
    @Test func theLanguagesStringTableIsReadOrAnError() async throws {
        let site = try TestSite(["Content/index.md": "# Home\n", "Content/site.yml": "language: fr\n", "Templates/i18n/fr.yml": "search.title: Chercher\n"])
        defer { site.remove() }
        try await site.build()
        #expect(try site.output("search/index.html").contains("<h1>Chercher</h1>"))
        try Data([0x73, 0x3A, 0x20, 0xFF, 0x0A]).write(to: site.root.appendingPathComponent("Templates/i18n/fr.yml"))
        let failure = try #require(await site.failure())
        #expect(failure.diagnostics.map(\.description) == ["Templates/i18n/fr.yml: is not UTF-8 text"])
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates/i18n/fr.yml"))
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Templates/i18n/fr.yml"), withIntermediateDirectories: true)
        let folder = try #require(await site.failure())
        #expect(folder.diagnostics.map(\.description) == ["Templates/i18n/fr.yml: is a folder, not a file"])
    }

    /// `yes | sitegen bank --scenario -` grew by 1.9 GB/s and ended in a `try!` trap.
    @Test func endlessStandardInputEndsWithAnError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-stdin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await shell("ulimit -v 2000000; yes | \"$SITEGEN\" bank --scenario -", in: folder)
        #expect(result.status == 1)
        #expect(result.errors.contains("standard input: holds more than 16 MB, the most sitegen reads of it; stopped reading"), "\(result.errors)")
    }

    /// `sitegen init afile/sub` printed `NSCocoaErrorDomain error 512`.
    @Test func initUnderAFileNamesTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("afile"))
        let error = #expect(throws: Diagnostic.self) { try SiteScaffold.create(in: folder.appendingPathComponent("afile/sub")) }
        #expect(error?.description == "\(folder.standardizedFileURL.path)/afile: exists and is not a folder")
    }
}
