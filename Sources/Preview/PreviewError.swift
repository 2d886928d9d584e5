/// Why the preview server could not start.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// Another program listens on the port.
    case portInUse(host: String, port: Int)
    /// The address cannot be listened on (no such address, a privileged port, …).
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case let .portInUse(host, port):
            "port \(port) is already in use on \(host); stop the other server or try --port \(port == 65535 ? port - 1 : port + 1)"
        case let .cannotListen(host, port, reason):
            "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
