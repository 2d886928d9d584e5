import Basics
import Foundation
import Testing

/// Issue 31: a market block could point `api:` at any address, cloud metadata included.
@Suite("Network policy: listed URLs, no private addresses unless listed")
struct NetworkPolicyTests {
    @Test(arguments: [
        ("169.254.169.254", "a link-local address (169.254.0.0/16, where cloud metadata services answer)"),
        ("10.1.2.3", "a private address (10.0.0.0/8)"),
        ("172.16.0.1", "a private address (172.16.0.0/12)"),
        ("172.31.255.255", "a private address (172.16.0.0/12)"),
        ("192.168.1.1", "a private address (192.168.0.0/16)"),
        ("127.0.0.1", "a loopback address"),
        ("0.0.0.0", "an unspecified address (0.0.0.0/8)"),
        ("100.64.0.1", "a shared address (100.64.0.0/10)"),
        ("::1", "a loopback address"),
        ("fc00::1", "a private address (fc00::/7)"),
        ("fd12:3456::1", "a private address (fc00::/7)"),
        ("fe80::1", "a link-local address (fe80::/10)"),
        ("::ffff:169.254.169.254", "a link-local address (169.254.0.0/16, where cloud metadata services answer)"),
        ("::ffff:10.0.0.1", "a private address (10.0.0.0/8)"),
    ])
    func privateAddressesAreNamed(address: String, range: String) throws {
        #expect(try #require(IPAddress(address)).privateRange == range)
    }

    @Test(arguments: ["93.184.216.34", "172.32.0.1", "172.15.255.255", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "100.128.0.1"])
    func publicAddressesPass(address: String) throws {
        #expect(try #require(IPAddress(address)).privateRange == nil)
    }

    @Test func theMetadataAddressIsRefusedWithTheURL() throws {
        let url = try #require(URL(string: "http://169.254.169.254/latest/meta-data/"))
        let refusal = #expect(throws: NetworkPolicy.Refusal.self) { try NetworkPolicy.publicOnly.check(url) }
        #expect(refusal?.description == "http://169.254.169.254/latest/meta-data/ is refused: 169.254.169.254 is a link-local address (169.254.0.0/16, where cloud metadata services answer); sitegen fetches from such an address only when its URL is listed under security.http.urls (site.yml)")
    }

    /// Spellings of a private address that are no dotted quad still resolve to it.
    @Test(arguments: ["http://2130706433/", "http://0x7f000001/", "http://localhost:8080/", "http://[::1]:9/", "http://127.1/"])
    func otherSpellingsOfLoopbackAreRefused(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: NetworkPolicy.Refusal.self) { try NetworkPolicy.publicOnly.check(url) }
    }

    @Test func aListedURLMayBePrivateAndAListRefusesTheRest() throws {
        let entries = try ["http://127.0.0.1:8080/api/", "https://market.example.com"].map { try #require(NetworkPolicy.Entry($0)) }
        let policy = NetworkPolicy(listed: entries, onlyListed: true, listedIn: "Content/site.yml")
        try policy.check(try #require(URL(string: "http://127.0.0.1:8080/api/products?page_no=1")))
        try policy.check(try #require(URL(string: "https://MARKET.example.com/v2/api/products")))
        // Another port, a path beside the listed one, another scheme, a host that only starts alike.
        for text in ["http://127.0.0.1:8081/api/x", "http://127.0.0.1:8080/apix", "http://market.example.com/", "https://market.example.com.evil.test/"] {
            let refusal = #expect(throws: NetworkPolicy.Refusal.self, "\(text)") { try policy.check(try #require(URL(string: text))) }
            #expect(refusal?.reason == "it is not under security.http.urls of Content/site.yml (http://127.0.0.1:8080/api/, https://market.example.com); add it there to fetch it")
        }
    }

    @Test func entriesMustBeHTTPURLs() {
        for text in ["ftp://x.example/", "https://", "market.example.com", "https://a.example/?q=1", "https://user@a.example/", "http://a.example:99999/", ".*"] {
            #expect(NetworkPolicy.Entry(text) == nil, "\(text)")
        }
    }
}
