/// Which file names the watcher ignores: hidden files and folders, and what editors write while
/// saving (`x.md~`, `.x.md.swp`, `.#x.md`, `#x.md#`, Vim's `4913` probe).
enum WatchFilter {
    static func ignores(_ name: some StringProtocol) -> Bool {
        if name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }
        return [".swp", ".swx", ".swo"].contains { name.hasSuffix($0) }
    }
}
