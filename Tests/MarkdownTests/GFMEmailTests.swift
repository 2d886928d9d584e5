import Markdown
import Testing

/// E-mail addresses found in text, with `mailto:` or `xmpp:` written before them or not; each with
/// the HTML cmark-gfm 0.29.0.gfm.6 (Debian's) gives for it.
@Suite("GFM: e-mail autolinks and written mailto:/xmpp:")
struct GFMEmailTests {
    static let cases: [(String, String, String)] = [
        ("a written mailto: is part of the link",
         "x mailto:a@b.co y\n",
         "<p>x <a href=\"mailto:a@b.co\">mailto:a@b.co</a> y</p>\n"),
        ("xmpp: takes a /resource",
         "xmpp:a@b.co/res\n",
         "<p><a href=\"xmpp:a@b.co/res\">xmpp:a@b.co/res</a></p>\n"),
        ("an xmpp address may not end in /",
         "xmpp:a@b.co/\n",
         "<p>xmpp:a@b.co/</p>\n"),
        ("mailto: right after a letter is not the scheme",
         "amailto:a@b.co\n",
         "<p>amailto:<a href=\"mailto:a@b.co\">a@b.co</a></p>\n"),
        ("the scheme is lower case",
         "MAILTO:a@b.co\n",
         "<p>MAILTO:<a href=\"mailto:a@b.co\">a@b.co</a></p>\n"),
        ("after mailto: a / ends the address",
         "mailto:a@b.co/x\n",
         "<p><a href=\"mailto:a@b.co\">mailto:a@b.co</a>/x</p>\n"),
        ("a colon before mailto:",
         "x:mailto:a@b.co\n",
         "<p>x:<a href=\"mailto:a@b.co\">mailto:a@b.co</a></p>\n"),
        ("mailto: with nothing before the @",
         "mailto:@b.co\n",
         "<p><a href=\"mailto:@b.co\">mailto:@b.co</a></p>\n"),
        ("mailto: twice",
         "mailto:mailto:a@b.co\n",
         "<p><a href=\"mailto:mailto:a@b.co\">mailto:mailto:a@b.co</a></p>\n"),
        ("mailto: inside emphasis",
         "_mailto:a@b.co_\n",
         "<p><em><a href=\"mailto:a@b.co\">mailto:a@b.co</a></em></p>\n"),
        ("a name with a dot before mailto:",
         "x.mailto:a@b.co\n",
         "<p><a href=\"x.mailto:a@b.co\">x.mailto:a@b.co</a></p>\n"),
        ("trailing punctuation after a resource",
         "xmpp:a@b.co/r.\n",
         "<p><a href=\"xmpp:a@b.co/r\">xmpp:a@b.co/r</a>.</p>\n"),
        ("a second colon is not the scheme",
         "mailto::a@b.co\n",
         "<p>mailto::<a href=\"mailto:a@b.co\">a@b.co</a></p>\n"),
        ("xmpp: before mailto:",
         "xmpp:mailto:a@b.co/x\n",
         "<p><a href=\"xmpp:mailto:a@b.co/x\">xmpp:mailto:a@b.co/x</a></p>\n"),
        ("a / before the name does not stop it",
         "a/b@c.de\n",
         "<p>a/<a href=\"mailto:b@c.de\">b@c.de</a></p>\n"),
    ]

    @Test("renders as cmark-gfm", arguments: cases)
    func rendersAsCmarkGFM(_ name: String, _ markdown: String, _ html: String) {
        #expect(MarkdownDocument(parsing: markdown, extensions: .gfm).renderHTML() == html, "\(name)")
    }
}
