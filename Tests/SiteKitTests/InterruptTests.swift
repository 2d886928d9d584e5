import Foundation
import Testing

/// SIGINT and SIGTERM during a build remove the staging folder, leave the output as it was and
/// exit with 128 + the signal. Runs the `sitegen` executable built beside the tests, on a site
/// that grows until the test catches a build with its staging folder in place.
@Suite("Interrupted builds leave nothing behind", .serialized)
struct InterruptTests {
    private static var executable: URL {
        TestSite.projectFolder.appendingPathComponent(".build/debug/sitegen")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringTheBuildRemovesTheStagingFolder(_ signal: Int32) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build sitegen first (swift build)")
        var pages = 100
        var caught = false
        while !caught && pages <= 6_400 {
            var files = ["Content/index.md": "# Home\n"]
            for index in 0..<pages { files["Content/p/page-\(index).md"] = "# Page \(index)\n\nSome *text* for page \(index).\n" }
            let site = try TestSite(files)
            defer { site.remove() }
            let process = Process()
            process.executableURL = Self.executable
            process.arguments = ["build", "--quiet"]
            process.currentDirectoryURL = site.root
            process.standardError = FileHandle.nullDevice
            try process.run()
            // `.Public.sitegen-staging-PID-START`: the process and when it started.
            let staging = ".Public.sitegen-staging-\(process.processIdentifier)-"
            while process.isRunning, try !FileManager.default.contentsOfDirectory(atPath: site.root.path).contains(where: { $0.hasPrefix(staging) }) {
                try await Task.sleep(nanoseconds: 500_000)
            }
            if process.isRunning {
                kill(process.processIdentifier, signal)
                caught = true
            }
            process.waitUntilExit()
            if caught && process.terminationStatus == 0 {
                // The build finished before the signal was handled: a complete output, no staging.
                #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/404.html").path))
                caught = false
            }
            guard caught else {
                pages *= 4  // the build was faster than the test: try a bigger site
                continue
            }
            #expect(process.terminationStatus == 128 + signal)
            let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
            #expect(names.filter { $0.contains("sitegen-staging") }.isEmpty)
            // Either the swap had not happened (no output) or it had (a complete one).
            if FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/.sitegen-output").path) {
                #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/404.html").path))
            }
        }
        #expect(caught)
    }
}
