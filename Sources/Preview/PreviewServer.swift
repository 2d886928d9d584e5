import Basics
import Foundation
import Hummingbird
import Logging
import NIOCore
import ReportKit
import ServiceLifecycle
import SiteKit

/// `sitegen serve`: builds the site, serves it from memory, rebuilds on changes and tells open
/// tabs to reload.
///
/// ``run()`` builds once (a failing first build is served as the error overlay, not an exit),
/// listens, then rebuilds for every batch of changes from the watched folders, one build at a
/// time: changes that arrive during a build are gathered into the next one. A good build replaces
/// the served files and sends `reload`; a failing one keeps the old files, records the failure
/// (shown on every page) and sends `build-error`.
public final class PreviewServer: Sendable {
    private let source: any SiteSource
    private let configuration: PreviewConfiguration
    private let log: @Sendable (PreviewEvent) -> Void
    private let state: SiteState
    let hub = EventHub()
    private let pending = Locked(Set<String>())
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let control = Locked<(group: ServiceGroup?, stopping: Bool, port: Int?)>((nil, false, nil))

    /// - Parameters:
    ///   - source: builds the site (SiteKit's incremental session).
    ///   - log: receives what the user should see: builds, failures, the URL.
    public init(source: any SiteSource, configuration: PreviewConfiguration, log: @escaping @Sendable (PreviewEvent) -> Void = { _ in }) {
        self.source = source
        self.configuration = configuration
        self.log = log
        let started = Int(Date().timeIntervalSince1970 * 1000)
        state = SiteState(instance: "\(ProcessInfo.processInfo.processIdentifier)-\(started)")
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The port the server listens on, once it does (the actual one when configured with 0).
    public var port: Int? {
        control.withLock { $0.port }
    }

    /// Builds, serves and rebuilds until ``shutdown()`` or (if configured) SIGINT/SIGTERM. Call once.
    /// - Throws: ``PreviewError`` when the address cannot be listened on.
    public func run() async throws {
        await rebuild(changed: [])
        let watcher = try configuration.watchedFolders.isEmpty
            ? nil : FileWatcher(folders: configuration.watchedFolders, debounce: configuration.debounce)
        var logger = Logger(label: "sitegen.serve")
        logger.logLevel = .critical
        let app = Application(
            responder: PreviewResponder(state: state, hub: hub),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { [self] channel in listening(on: channel.localAddress?.port) },
            logger: logger
        )
        let live = LiveUpdates(server: self, watcher: watcher, hub: hub, heartbeat: configuration.heartbeat)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [app, live],
            gracefulShutdownSignals: configuration.handlesSignals ? [.sigint, .sigterm] : [],
            logger: logger
        ))
        let stopping = control.withLock { control in
            control.group = group
            return control.stopping
        }
        guard !stopping else {
            await watcher?.stop()
            return
        }
        do {
            try await group.run()
        } catch let error as IOError {
            throw Self.listenError(error, host: configuration.host, port: configuration.port)
        }
    }

    /// Stops gracefully: event streams end, the watcher stops, open requests finish, ``run()`` returns.
    public func shutdown() async {
        let group = control.withLock { control in
            control.stopping = true
            return control.group
        }
        await group?.triggerGracefulShutdown()
    }

    /// Queues a rebuild for `changed` (absolute paths); the watcher calls this for every batch.
    /// Paths queued while a build runs are rebuilt together right after it.
    public func requestRebuild(changed: Set<String>) {
        pending.withLock { $0.formUnion(changed) }
        wake.yield()
    }

    /// Runs queued rebuilds one after another until cancelled.
    func processRebuilds() async {
        for await _ in wakeups {
            let changed = pending.withLock { paths in
                defer { paths = [] }
                return paths
            }
            if !changed.isEmpty { await rebuild(changed: changed) }
        }
    }

    private func rebuild(changed: Set<String>) async {
        let started = ContinuousClock.now
        do {
            let files = try await source.build(changed: changed)
            state.succeed(with: files, warnings: await source.lastWarnings())
            hub.broadcast(.reload)
            let elapsed = (ContinuousClock.now - started).components
            let milliseconds = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
            log(.built(changed: changed.sorted(), milliseconds: milliseconds, summary: await source.lastBuildSummary()))
        } catch {
            if error is CancellationError || Task.isCancelled { return }
            let failure = error as? BuildFailure ?? BuildFailure(step: "Build", diagnostics: Diagnostics.from(error))
            state.fail(with: failure)
            hub.broadcast(.buildError(failure))
            log(.failed(failure))
        }
    }

    private func listening(on port: Int?) {
        let bound = port ?? configuration.port
        control.withLock { $0.port = bound }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        log(.listening(url: "http://\(host):\(bound)/"))
    }

    private static func listenError(_ error: IOError, host: String, port: Int) -> any Error {
        switch error.errnoCode {
        case EADDRINUSE: PreviewError.portInUse(host: host, port: port)
        case EACCES, EADDRNOTAVAIL: PreviewError.cannotListen(host: host, port: port, reason: String(cString: strerror(error.errnoCode)))
        default: error
        }
    }
}
