import Foundation
import SiteKit
import Testing

/// Expects a session's in-memory files to be exactly the files a full build of `site` writes to
/// disk: the same paths, each with the same bytes. `step` (an edit's description) starts each
/// message when given.
func expectMatchesFreshBuild(
    _ files: SiteFiles, _ site: TestSite, step: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let fresh = site.root.appendingPathComponent("Fresh-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: fresh) }
    try await site.build { $0.outputDirectory = fresh }
    let expected = TestSite.snapshot(fresh)
    var actual: [String: Data] = [:]
    for path in files.paths {
        switch files[path] {
        case .data(let data)?: actual[path] = data
        case .file(let url)?: actual[path] = try Data(contentsOf: url)
        case nil: break
        }
    }
    let prefix = step.map { "\($0): " } ?? ""
    #expect(actual.keys.sorted() == expected.keys.sorted(), "\(step ?? "")", sourceLocation: sourceLocation)
    for (path, data) in expected.sorted(by: { $0.key < $1.key }) where actual[path] != data {
        Issue.record("\(prefix)\(path) differs from a fresh build", sourceLocation: sourceLocation)
    }
}
