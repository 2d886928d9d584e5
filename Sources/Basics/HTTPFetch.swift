import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way sitegen fetches over HTTP: `GET`, within a ``NetworkPolicy``, at most `limit`
/// bytes of the answer as decoded (after gzip, deflate, brotli), within a deadline.
///
/// It drives libcurl (the library Foundation's URLSession uses on Linux) directly, because
/// URLSession there reads ahead without limit: a chunked or compressed answer filled gigabytes
/// before a delegate could stop it. Here every decoded byte passes one callback that stops the
/// transfer the moment the limit is passed, and libcurl reads no further until it returns.
/// The address a request actually connects to is checked against the policy too (so a host
/// name cannot resolve to a public address for the check and a private one for the request),
/// and every redirect is checked before it is followed.
public struct HTTPFetch: Sendable {
    /// The policy requests and redirects must pass.
    public var network: NetworkPolicy
    /// The most bytes of one answer, counted after decoding.
    public var limit: Int
    /// Seconds for one request (with its redirects), start to end.
    public var timeout: Double
    /// The most redirects followed.
    public static let maximumRedirects = 5

    public init(network: NetworkPolicy, limit: Int, timeout: Double) {
        self.network = network
        self.limit = limit
        self.timeout = timeout
    }

    /// An answer: its status and its decoded body.
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data
        /// The URL that answered (after redirects).
        public var url: URL
    }

    /// Why a fetch failed.
    public enum Failure: Error, Sendable, Equatable {
        /// The policy refused the URL (or a redirect to it).
        case refused(url: String, reason: String)
        /// The answer, decoded, held more than the limit; reading stopped there.
        case tooLarge(url: String, limit: Int)
        /// No complete answer within the timeout.
        case timedOut(url: String)
        /// Anything below HTTP: no connection, a bad TLS certificate, a broken encoding.
        case transport(url: String, message: String)
    }

    /// Fetches `url` on a thread of its own (libcurl blocks), following redirects the policy
    /// allows. Cancelling the calling task stops the transfer.
    public func get(_ url: URL, headers: [String: String] = [:]) async throws -> Answer {
        let control = TransferControl()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result { try self.run(url, headers: headers, control: control) })
                }.start()
            }
        } onCancel: {
            control.cancel()
        }
    }

    /// The redirects, each request checked before it is made.
    private func run(_ start: URL, headers: [String: String], control: TransferControl) throws -> Answer {
        let deadline = Date().addingTimeInterval(max(0, timeout))
        var url = start
        var redirects = 0
        while true {
            do throws(NetworkPolicy.Refusal) {
                try network.check(url)
            } catch {
                let reason = url == start ? error.reason : "a redirect leads there, and \(error.reason)"
                throw Failure.refused(url: url.absoluteString, reason: reason)
            }
            let answer = try Curl.get(url, headers: headers, limit: limit, deadline: deadline, network: network, control: control)
            guard (300...399).contains(answer.status), let next = answer.redirect else {
                return Answer(status: answer.status, body: answer.body, url: url)
            }
            redirects += 1
            guard redirects <= Self.maximumRedirects else {
                throw Failure.transport(url: start.absoluteString, message: "more than \(Self.maximumRedirects) redirects")
            }
            url = next
        }
    }
}

/// Set from another thread to stop a transfer.
final class TransferControl: Sendable {
    private let cancelled = Locked(false)
    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.withLock { $0 } }
}

/// The few libcurl calls a GET needs, looked up at run time in the libcurl Foundation loads
/// (no headers needed to build). Linux only.
private enum Curl {
    typealias Handle = OpaquePointer
    typealias Init = @convention(c) () -> Handle?
    typealias Cleanup = @convention(c) (Handle?) -> Void
    typealias Perform = @convention(c) (Handle?) -> Int32
    typealias SetLong = @convention(c) (Handle?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
    typealias GetInfo = @convention(c) (Handle?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias ListAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ListFree = @convention(c) (OpaquePointer?) -> Void
    typealias GlobalInit = @convention(c) (Int) -> Int32

    struct Library: @unchecked Sendable {
        let initialize: Init
        let cleanup: Cleanup
        let perform: Perform
        let setLong: SetLong
        let setPointer: SetPointer
        let getInfo: GetInfo
        let listAppend: ListAppend
        let listFree: ListFree
    }

    /// libcurl, or why it cannot be used.
    static let library: Result<Library, HTTPFetch.Failure> = {
        #if os(Linux)
        guard let handle = dlopen("libcurl.so.4", RTLD_NOW) ?? dlopen("libcurl.so", RTLD_NOW) else {
            return .failure(.transport(url: "", message: "libcurl (libcurl4) is not installed"))
        }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let global = symbol("curl_global_init", GlobalInit.self),
              let initialize = symbol("curl_easy_init", Init.self),
              let cleanup = symbol("curl_easy_cleanup", Cleanup.self),
              let perform = symbol("curl_easy_perform", Perform.self),
              let setopt = dlsym(handle, "curl_easy_setopt"),
              let getinfo = symbol("curl_easy_getinfo", GetInfo.self),
              let listAppend = symbol("curl_slist_append", ListAppend.self),
              let listFree = symbol("curl_slist_free_all", ListFree.self)
        else { return .failure(.transport(url: "", message: "libcurl lacks a function sitegen needs")) }
        _ = global(3)  // CURL_GLOBAL_ALL
        return .success(Library(
            initialize: initialize, cleanup: cleanup, perform: perform,
            setLong: unsafeBitCast(setopt, to: SetLong.self), setPointer: unsafeBitCast(setopt, to: SetPointer.self),
            getInfo: getinfo, listAppend: listAppend, listFree: listFree))
        #else
        return .failure(.transport(url: "", message: "fetching over HTTP is supported on Linux only"))
        #endif
    }()

    // Option and info numbers from curl.h (stable across libcurl 7 and 8).
    static let optURL: Int32 = 10_002
    static let optWriteData: Int32 = 10_001
    static let optErrorBuffer: Int32 = 10_010
    static let optHTTPHeader: Int32 = 10_023
    static let optXferInfoData: Int32 = 10_057
    static let optAcceptEncoding: Int32 = 10_102
    static let optPrereqData: Int32 = 10_313
    static let optWriteFunction: Int32 = 20_011
    static let optXferInfoFunction: Int32 = 20_219
    static let optPrereqFunction: Int32 = 20_312
    static let optNoProgress: Int32 = 43
    static let optFollowLocation: Int32 = 52
    static let optNoSignal: Int32 = 99
    static let optTimeoutMS: Int32 = 155
    static let optProtocols: Int32 = 181
    static let optRedirectProtocols: Int32 = 182
    static let optMaxFileSize: Int32 = 30_117
    static let infoResponseCode: Int32 = 0x200000 + 2
    static let infoRedirectURL: Int32 = 0x100000 + 31

    /// What one transfer's callbacks share.
    final class Context {
        let limit: Int
        let deadline: Date
        let control: TransferControl
        let network: NetworkPolicy
        let url: URL
        /// Whether the connected address is checked (not when a proxy is in the way).
        let checksAddress: Bool
        var body = Data()
        var tooLarge = false
        var timedOut = false
        var refusal: String?

        init(limit: Int, deadline: Date, control: TransferControl, network: NetworkPolicy, url: URL, checksAddress: Bool) {
            self.limit = limit
            self.deadline = deadline
            self.control = control
            self.network = network
            self.url = url
            self.checksAddress = checksAddress
        }
    }

    struct Response {
        var status: Int
        var body: Data
        var redirect: URL?
    }

    /// One GET, no redirect followed.
    static func get(_ url: URL, headers: [String: String], limit: Int, deadline: Date, network: NetworkPolicy, control: TransferControl) throws -> Response {
        let curl = try library.get()
        let shown = url.absoluteString
        guard let handle = curl.initialize() else { throw HTTPFetch.Failure.transport(url: shown, message: "libcurl could not start a request") }
        defer { curl.cleanup(handle) }
        let proxied = ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].contains { ProcessInfo.processInfo.environment[$0]?.isEmpty == false }
        let context = Context(limit: limit, deadline: deadline, control: control, network: network, url: url, checksAddress: !proxied)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let pointer = UnsafeRawPointer(unmanaged.toOpaque())
        var list: OpaquePointer?
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { list = curl.listAppend(list, "\(name): \(value)") }
        defer { curl.listFree(list) }
        var errorText = [CChar](repeating: 0, count: 512)

        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw HTTPFetch.Failure.timedOut(url: shown) }
        let status: Int32 = try errorText.withUnsafeMutableBytes { errorBuffer in
            try shown.withCString { address in
                var failed: Int32 = 0
                func set(_ option: Int32, _ value: Int) { if failed == 0 { failed = curl.setLong(handle, option, value) } }
                func set(_ option: Int32, _ value: UnsafeRawPointer?) { if failed == 0 { failed = curl.setPointer(handle, option, value) } }
                set(optURL, UnsafeRawPointer(address))
                set(optNoSignal, 1)
                set(optFollowLocation, 0)
                set(optProtocols, 3)  // HTTP | HTTPS
                set(optRedirectProtocols, 3)
                set(optTimeoutMS, max(1, Int(remaining * 1000)))
                set(optMaxFileSize, limit)
                "".withCString { set(optAcceptEncoding, UnsafeRawPointer($0)) }  // every encoding libcurl decodes
                set(optErrorBuffer, UnsafeRawPointer(errorBuffer.baseAddress))
                if let list { set(optHTTPHeader, UnsafeRawPointer(list)) }
                set(optWriteFunction, unsafeBitCast(writeCallback, to: UnsafeRawPointer.self))
                set(optWriteData, pointer)
                set(optNoProgress, 0)
                set(optXferInfoFunction, unsafeBitCast(progressCallback, to: UnsafeRawPointer.self))
                set(optXferInfoData, pointer)
                guard failed == 0 else { throw HTTPFetch.Failure.transport(url: shown, message: "libcurl refused an option (\(failed))") }
                // libcurl 7.80 and later report the address they connect to; older ones rely on
                // the policy's own lookup alone.
                if curl.setPointer(handle, optPrereqFunction, unsafeBitCast(prereqCallback, to: UnsafeRawPointer.self)) == 0 {
                    _ = curl.setPointer(handle, optPrereqData, pointer)
                }
                return curl.perform(handle)
            }
        }
        if let refusal = context.refusal { throw HTTPFetch.Failure.refused(url: shown, reason: refusal) }
        if context.tooLarge || status == 63 { throw HTTPFetch.Failure.tooLarge(url: shown, limit: limit) }
        if control.isCancelled { throw CancellationError() }
        if context.timedOut || status == 28 { throw HTTPFetch.Failure.timedOut(url: shown) }
        guard status == 0 else {
            let detail = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HTTPFetch.Failure.transport(url: shown, message: detail.isEmpty ? "libcurl error \(status)" : detail)
        }
        var code = 0
        _ = curl.getInfo(handle, infoResponseCode, &code)
        var location: UnsafePointer<CChar>?
        _ = curl.getInfo(handle, infoRedirectURL, &location)
        let redirect = location.flatMap { URL(string: String(cString: $0)) }
        return Response(status: code, body: context.body, redirect: redirect)
    }

    /// Takes each piece of the decoded body; a short count stops the transfer.
    private static let writeCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, user in
        guard let user else { return 0 }
        let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
        let bytes = size * count
        guard context.body.count + bytes <= context.limit else {
            context.tooLarge = true
            return 0
        }
        if let data { context.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: bytes) }
        return bytes
    }

    /// Called as the transfer goes: nonzero stops it (cancelled, or past the deadline).
    private static let progressCallback: @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32 = { user, _, _, _, _ in
        guard let user else { return 1 }
        let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
        if context.control.isCancelled { return 1 }
        if Date() > context.deadline {
            context.timedOut = true
            return 1
        }
        return 0
    }

    /// Before the request is sent on a connection: the address connected to must pass the
    /// policy (unless the URL is listed, or a proxy stands between).
    private static let prereqCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32) -> Int32 = { user, primary, _, _, _ in
        guard let user else { return 1 }
        let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
        guard context.checksAddress, let primary else { return 0 }
        let text = String(cString: primary)
        if let reason = context.network.refusal(connectingTo: text, for: context.url) {
            context.refusal = reason
            return 1
        }
        return 0
    }
}
