/// The file watcher could not start.
public struct WatchError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "cannot watch for changes: \(message)" }
}
