/// The `Content-Type` a file is served with, chosen by its extension.
enum ContentType {
    /// The media type for a site path such as `bank/morning/index.html`; text types carry
    /// `charset=utf-8`, unknown extensions are `application/octet-stream`.
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        return types[ext] ?? "application/octet-stream"
    }

    /// True for HTML, the only type the live-reload script is added to.
    static func isHTML(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/html")
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "woff2": "font/woff2",
        "woff": "font/woff",
        "pdf": "application/pdf",
    ]
}
