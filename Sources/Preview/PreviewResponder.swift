import Basics
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import SiteKit

/// Answers every request of `sitegen serve` from the current ``SiteSnapshot``: site files with
/// their content type, folders as their `index.html`, misses as the site's `404.html` with status
/// 404, and the live-reload event stream. HTML responses get the reload script and, while the
/// latest build is failing, the error overlay; the files themselves are never changed.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: SiteState
    let hub: EventHub

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let target = request.head.path ?? "/"
        if target.split(separator: "?", maxSplits: 1).first == Substring(EventHub.path) {
            let response = events(request)
            return request.method == .head ? response.createHeadResponse() : response
        }
        let response = page(for: target, in: state.snapshot)
        return request.method == .head ? response.createHeadResponse() : response
    }

    /// The response for a site path, read from one snapshot.
    private func page(for target: String, in snapshot: SiteSnapshot) -> Response {
        guard let path = RequestPath(target: target) else { return notFound(snapshot) }
        if !path.isFolder, let contents = snapshot.files[path.filePath] {
            return serve(path.filePath, contents, snapshot: snapshot) ?? notFound(snapshot)
        }
        if let contents = snapshot.files[path.indexPath] {
            if !path.isFolder {
                return Response(status: .found, headers: [.location: Self.location(path.segments), .cacheControl: "no-cache"])
            }
            return serve(path.indexPath, contents, snapshot: snapshot) ?? notFound(snapshot)
        }
        return notFound(snapshot)
    }

    private func serve(_ path: String, _ contents: SiteFiles.Contents, snapshot: SiteSnapshot, status: HTTPResponse.Status = .ok) -> Response? {
        let data: Data
        switch contents {
        case .data(let bytes): data = bytes
        case .file(let url):
            do {
                data = try FileInput.read(url.path, shownAs: path, limit: .max)
            } catch {
                // Gone since the build: not found. Anything else (a FIFO put in its place, which
                // would be waited on forever; no permission) is said, with the file.
                var info = stat()
                guard lstat(url.path, &info) == 0 else { return nil }
                return respond(status: .internalServerError, type: "text/plain; charset=utf-8", body: Data("\(error)\n".utf8))
            }
        }
        let type = ContentType.of(path)
        return respond(status: status, type: type, body: ContentType.isHTML(type) ? decorate(data, snapshot) : data)
    }

    /// The site's `404.html` with status 404; a small page of our own when the site has none, or
    /// when the first build failed (then with status 503).
    private func notFound(_ snapshot: SiteSnapshot) -> Response {
        if let contents = snapshot.files["404.html"], let response = serve("404.html", contents, snapshot: snapshot, status: .notFound) {
            return response
        }
        let unbuilt = snapshot.failure != nil && snapshot.files.count == 0
        let title = unbuilt ? "Build failed" : "Not found"
        let message = unbuilt ? "The site could not be built yet: fix the error and save." : "Not found."
        let page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><p>\(message)</p></body></html>\n"
        return respond(status: unbuilt ? .serviceUnavailable : .notFound, type: ContentType.of("404.html"), body: decorate(Data(page.utf8), snapshot))
    }

    /// The page with the reload script, and the overlay while the latest build is failing.
    private func decorate(_ page: Data, _ snapshot: SiteSnapshot) -> Data {
        let overlay = snapshot.failure.map(ErrorOverlay.html(for:)) ?? ErrorOverlay.html(warnings: snapshot.warnings)
        return PageInjection.inject(overlay + ReloadScript.element(version: snapshot.version), into: page)
    }

    private func respond(status: HTTPResponse.Status, type: String, body: Data) -> Response {
        Response(
            status: status,
            headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    /// The live-reload stream: `hello` with the current version, then every broadcast event,
    /// until the browser goes away or the server stops.
    private func events(_ request: Request) -> Response {
        let hub = self.hub
        let state = self.state
        let (id, events) = hub.subscribe { [.retry, .hello(version: state.snapshot.version)] }
        let body = ResponseBody { writer in
            defer { hub.unsubscribe(id) }
            try await request.body.consumeWithInboundCloseHandler { _ in
                for await event in events {
                    try await writer.write(ByteBuffer(string: event.text))
                }
            } onInboundClosed: {
                hub.unsubscribe(id)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: body
        )
    }

    /// `/bank/` for the segments `["bank"]`, each segment percent-encoded again, so the redirect
    /// always stays on this host (a request for `//example.com` is sent to `/example.com/`).
    static func location(_ segments: [String]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@")
        let encoded = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "/" + encoded.map { $0 + "/" }.joined()
    }
}
