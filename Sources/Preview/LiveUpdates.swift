import ServiceLifecycle

/// The preview server's background work, run beside the HTTP server: turns watcher batches into
/// rebuilds, rebuilds one at a time, and keeps event streams alive with heartbeats. On graceful
/// shutdown it stops all that, ends every event stream (so open requests can finish) and stops
/// the watcher.
struct LiveUpdates: Service {
    let server: PreviewServer
    let watcher: FileWatcher?
    let hub: EventHub
    let heartbeat: Duration

    func run() async {
        await cancelWhenGracefulShutdown { [server, watcher, hub, heartbeat] in
            await withDiscardingTaskGroup { group in
                if let watcher {
                    group.addTask {
                        for await changed in watcher.changes { server.requestRebuild(changed: changed) }
                    }
                }
                group.addTask { await server.processRebuilds() }
                group.addTask {
                    while (try? await Task.sleep(for: heartbeat)) != nil {
                        hub.broadcast(.heartbeat)
                    }
                }
            }
        }
        hub.close()
        await watcher?.stop()
    }
}
