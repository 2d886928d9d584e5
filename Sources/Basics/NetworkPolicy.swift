import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses a build may fetch from: `site.yml`'s `security.http.urls`, as Hugo's
/// `security.http.urls` is for its remote resources.
///
/// Without a list, any `http(s)` URL on a public address may be fetched. With a list, only URLs
/// it lists. Either way a host that is or resolves to a loopback, private, link-local (cloud
/// metadata, `169.254.169.254`), shared, multicast or reserved address is refused unless its URL
/// is listed: a page can never make the build reach into the machine's own network in silence.
/// Every request, and every redirect, is checked ( ``check(_:)`` ).
public struct NetworkPolicy: Sendable, Equatable {
    /// A listed URL: scheme, host, port, and a path prefix (whole segments).
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        public let scheme: String
        public let host: String
        public let port: Int
        public let pathPrefix: String
        /// The entry as written.
        public let description: String

        /// Reads `https://api.example.com/v1/`; nil when it is not an absolute http(s) URL
        /// without query, fragment or user.
        public init?(_ text: String) {
            guard let components = URLComponents(string: text),
                  let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host?.lowercased(), !host.isEmpty,
                  components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
            else { return nil }
            guard components.port.map({ (1...65_535).contains($0) }) ?? true else { return nil }
            self.scheme = scheme
            self.host = Self.bare(host)
            port = components.port ?? (scheme == "https" ? 443 : 80)
            pathPrefix = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            description = text
        }

        /// Whether `url` is this entry or lies under its path.
        func matches(_ url: URL) -> Bool {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                  components.scheme?.lowercased() == scheme,
                  components.host.map({ Self.bare($0.lowercased()) }) == host,
                  (components.port ?? (scheme == "https" ? 443 : 80)) == port
            else { return false }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if pathPrefix.hasSuffix("/") { return path.hasPrefix(pathPrefix) }
            return path == pathPrefix || path.hasPrefix(pathPrefix + "/")
        }

        /// An IPv6 host without its brackets.
        static func bare(_ host: String) -> String {
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
    }

    /// URLs that may be fetched wherever they lead (private addresses included).
    public var listed: [Entry]
    /// True when only ``listed`` URLs may be fetched (`site.yml` gave a list); false when any
    /// public address may be too.
    public var onlyListed: Bool
    /// Where the list is written, for messages (`Content/site.yml`).
    public var listedIn: String

    /// The policy of a site without a list: public addresses only.
    public static let publicOnly = NetworkPolicy(listed: [], onlyListed: false)

    public init(listed: [Entry], onlyListed: Bool, listedIn: String = "site.yml") {
        self.listed = listed
        self.onlyListed = onlyListed
        self.listedIn = listedIn
    }

    /// The policy of a URL given on the command line: that URL (whatever its address) and any
    /// public address, so a redirect can still not lead into a private network.
    public static func trusting(_ url: URL) -> NetworkPolicy {
        NetworkPolicy(listed: Entry(url.absoluteString).map { [$0] } ?? [], onlyListed: false, listedIn: "the command line")
    }

    /// A refused request: the URL and why.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let url: String
        public let reason: String
        public var description: String { "\(url) is refused: \(reason)" }
    }

    /// Checks `url` before it is fetched: its scheme, the list, and every address its host
    /// resolves to. Resolving blocks the calling thread (run it off the cooperative pool).
    public func check(_ url: URL) throws(Refusal) {
        let shown = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Refusal(url: shown, reason: "only http and https URLs are fetched")
        }
        guard let rawHost = url.host, !rawHost.isEmpty else {
            throw Refusal(url: shown, reason: "it names no host")
        }
        if listed.contains(where: { $0.matches(url) }) { return }
        if onlyListed {
            let list = listed.map(\.description).joined(separator: ", ")
            throw Refusal(url: shown, reason: "it is not under security.http.urls of \(listedIn) (\(list.isEmpty ? "an empty list" : list)); add it there to fetch it")
        }
        let host = Entry.bare(rawHost.lowercased())
        let addresses: [IPAddress]
        if let literal = IPAddress(host) {
            addresses = [literal]
        } else {
            do {
                addresses = try IPAddress.resolve(host)
            } catch {
                throw Refusal(url: shown, reason: "its host \(host) cannot be resolved (\(error.message))")
            }
        }
        if let address = addresses.first(where: { $0.privateRange != nil }), let range = address.privateRange {
            let hint = host == address.description ? "" : " (\(host) resolves to it)"
            throw Refusal(url: shown, reason: "\(address) is \(range)\(hint); sitegen fetches from such an address only when its URL is listed under security.http.urls (\(listedIn))")
        }
    }
}

extension NetworkPolicy {
    /// Why a connection to `address` (an IP address as text) for `url` is refused, or nil when
    /// it may go ahead: a listed URL goes anywhere, others only to public addresses.
    public func refusal(connectingTo address: String, for url: URL) -> String? {
        if listed.contains(where: { $0.matches(url) }) { return nil }
        guard let ip = IPAddress(address) else { return "it connected to \(address), which is not an address sitegen can check" }
        guard let range = ip.privateRange else { return nil }
        return "its host connected to \(ip), \(range); sitegen fetches from such an address only when its URL is listed under security.http.urls (\(listedIn))"
    }
}

/// An IPv4 or IPv6 address, as bytes.
public struct IPAddress: Sendable, Equatable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return written == nil ? "?" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What kind of non-public address this is (`a link-local address`), or nil for a public one.
    public var privateRange: String? {
        if bytes.count == 4 { return Self.privateRange(v4: bytes) }
        // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms carry an IPv4 address.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return Self.privateRange(v4: Array(bytes[12...]))
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) {
            return bytes[15] == 1 ? "a loopback address" : "an unspecified address"
        }
        if bytes[0] & 0xfe == 0xfc { return "a private address (fc00::/7)" }
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return "a link-local address (fe80::/10)" }
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0xc0 { return "a site-local address (fec0::/10)" }
        if bytes[0] == 0xff { return "a multicast address" }
        // NAT64 (64:ff9b::/96) carries an IPv4 address.
        if bytes[0..<12] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] {
            return Self.privateRange(v4: Array(bytes[12...]))
        }
        return nil
    }

    private static func privateRange(v4 b: [UInt8]) -> String? {
        switch (b[0], b[1]) {
        case (0, _): "an unspecified address (0.0.0.0/8)"
        case (10, _): "a private address (10.0.0.0/8)"
        case (100, 64...127): "a shared address (100.64.0.0/10)"
        case (127, _): "a loopback address"
        case (169, 254): "a link-local address (169.254.0.0/16, where cloud metadata services answer)"
        case (172, 16...31): "a private address (172.16.0.0/12)"
        case (192, 168): "a private address (192.168.0.0/16)"
        case (192, 0) where b[2] == 0: "a reserved address (192.0.0.0/24)"
        case (198, 18...19): "a reserved address (198.18.0.0/15)"
        case (224...239, _): "a multicast address"
        case (240...255, _): "a reserved address (240.0.0.0/4)"
        default: nil
        }
    }

    /// A failure to resolve a host name.
    public struct ResolveError: Error, Sendable {
        public let message: String
    }

    /// Every address `host` resolves to (blocking).
    public static func resolve(_ host: String) throws(ResolveError) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw ResolveError(message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                switch Int32(entry.pointee.ai_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin_addr
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin6_addr
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                default: break
                }
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw ResolveError(message: "no address") }
        return addresses
    }
}
