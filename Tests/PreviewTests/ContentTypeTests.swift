@testable import Preview
import Testing

@Suite struct ContentTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/site.1a2b.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("bank/bank-1-timeline.svg", "image/svg+xml; charset=utf-8"),
        ("a.png", "image/png"), ("a.jpg", "image/jpeg"), ("a.JPEG", "image/jpeg"), ("a.gif", "image/gif"),
        ("a.webp", "image/webp"), ("favicon.ico", "image/x-icon"),
        ("bank/bank-1.json", "application/json; charset=utf-8"), ("bank/bank-1.csv", "text/csv; charset=utf-8"),
        ("bank/index.md", "text/markdown; charset=utf-8"), ("sitemap.xml", "application/xml; charset=utf-8"),
        ("robots.txt", "text/plain; charset=utf-8"), ("font.woff2", "font/woff2"), ("guide.pdf", "application/pdf"),
        ("archive.tar.zst", "application/octet-stream"), ("LICENSE", "application/octet-stream"),
        (".htaccess", "application/octet-stream"), ("dir.v2/README", "application/octet-stream"),
    ])
    func byExtension(path: String, type: String) {
        #expect(ContentType.of(path) == type)
    }
}
