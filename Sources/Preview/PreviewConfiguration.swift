/// Where `sitegen serve` listens and what it watches.
public struct PreviewConfiguration: Sendable {
    /// The address to listen on (`--host`).
    public var host: String
    /// The port (`--port`); 0 picks a free one (see ``PreviewServer/port``).
    public var port: Int
    /// Absolute paths of the folders whose changes trigger a rebuild (content and templates).
    public var watchedFolders: [String]
    /// How long the folders must stay quiet before a batch of changes is rebuilt: long enough for
    /// an editor's save (write, or write and rename) to arrive as one batch, short enough to leave
    /// most of a 100 ms save-to-reload budget to the rebuild.
    public var debounce: Duration = .milliseconds(30)
    /// How often an idle event stream gets a comment, so connections are not dropped.
    public var heartbeat: Duration = .seconds(15)
    /// Whether SIGINT (Ctrl-C) and SIGTERM shut the server down gracefully. Tests turn it off and
    /// call ``PreviewServer/shutdown()``.
    public var handlesSignals = true

    public init(host: String = "127.0.0.1", port: Int = 8000, watchedFolders: [String] = []) {
        self.host = host
        self.port = port
        self.watchedFolders = watchedFolders
    }
}
