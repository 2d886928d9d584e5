import Markdown
import Testing

/// Inputs on which the separate strikethrough and autolink passes once differed from cmark-gfm,
/// which reads `*`, `_` and `~` on one delimiter stack and finds bare URLs while it reads; each
/// with the HTML cmark-gfm 0.29.0.gfm.6 gives for it.
@Suite("GFM: one delimiter stack, URLs found while reading")
struct GFMDelimiterStackTests {
    static let cases: [(String, String, String)] = [
        ("a URL written as an autolink, `www.` inside, emphasis beside",
         "x <https://a.b/www.c> and *b*\n",
         "<p>x <a href=\"https://a.b/www.c\">https://a.b/www.c</a> and <em>b</em></p>\n"),
        ("an escaped `<` is no autolink: the URL is bare",
         "x \\<https://a.b> c\n",
         "<p>x &lt;<a href=\"https://a.b%3E\">https://a.b&gt;</a> c</p>\n"),
        ("a code span ending inside what looks like an autolink",
         "x `<https:`www.a.b> c\n",
         "<p>x <code>&lt;https:</code>www.a.b&gt; c</p>\n"),
        ("an autolink, then a bare `www.` URL",
         "x <https://a.b> www.c.d\n",
         "<p>x <a href=\"https://a.b\">https://a.b</a> <a href=\"http://www.c.d\">www.c.d</a></p>\n"),
        ("a one-letter scheme is no autolink",
         "x <a:b>https://c.d/_e_\n",
         "<p>x &lt;a:b&gt;<a href=\"https://c.d/_e\">https://c.d/_e</a>_</p>\n"),
        ("a `~` beside `**` is looked through for flanking",
         "x **~ a** and **b ~**\n",
         "<p>x **~ a** and **b ~**</p>\n"),
        ("strikethrough inside strong emphasis",
         "x **~a~ b**\n",
         "<p>x <strong><del>a</del> b</strong></p>\n"),
        ("`~` pairs across an emphasis opener",
         "~a *b~ c*\n",
         "<p><del>a *b</del> c*</p>\n"),
        ("`~~` across `__`",
         "~~a __b~~ c__\n",
         "<p><del>a __b</del> c__</p>\n"),
        ("`*` and `~` interleaved",
         "*~a*~ and ~*b~*\n",
         "<p><em>~a</em>~ and <del>*b</del>*</p>\n"),
        ("a run of three `~` does not delimit",
         "x **~~~ b**\n",
         "<p>x **~~~ b**</p>\n"),
        ("a bare URL takes the `*` that libcmark paired",
         "x *http://a.b/c*d \\\\(\n",
         "<p>x *<a href=\"http://a.b/c*d\">http://a.b/c*d</a> \\(</p>\n"),
        ("a URL in `_…_` emphasis",
         "_see https://x.org/a_b_ and _www.a.b/c_d_\n",
         "<p><em>see <a href=\"https://x.org/a_b\">https://x.org/a_b</a></em> and <em><a href=\"http://www.a.b/c_d\">www.a.b/c_d</a></em></p>\n"),
        ("a URL takes a code span up to the next space",
         "x https://x.org/a_b``~x`` ~\n",
         "<p>x <a href=\"https://x.org/a_b%60%60~x%60%60\">https://x.org/a_b``~x``</a> ~</p>\n"),
        ("an open `[` stops URLs, an open `![` only until a link closes",
         "x ![a [l](u) http://x.y [b [l](u) http://x.z\n",
         "<p>x ![a <a href=\"u\">l</a> <a href=\"http://x.y\">http://x.y</a> [b <a href=\"u\">l</a> http://x.z</p>\n"),
        ("a URL takes a link up to the next space",
         "x http://a.b/c*d[l](u) z\n",
         "<p>x <a href=\"http://a.b/c*d%5Bl%5D(u)\">http://a.b/c*d[l](u)</a> z</p>\n"),
        ("a URL ending inside an escape: the rest is read again",
         "x ftp://f.io/x~y\\&amp; and https://x.org/a_bb\\<http://a.b>\"\n",
         "<p>x <a href=\"ftp://f.io/x~y%5C\">ftp://f.io/x~y\\</a>&amp; and <a href=\"https://x.org/a_bb%5C\">https://x.org/a_bb\\</a><a href=\"http://a.b\">http://a.b</a>&quot;</p>\n"),
        ("a URL ending inside a code span: the rest is read again",
         "x ~www.a.b/c_d,`a*b```~x``&#42; ___~~ ***`c` https://e.com/p?q=1.\n",
         "<p>x ~<a href=\"http://www.a.b/c_d,%60a*b%60%60%60~x%60%60&amp;#42\">www.a.b/c_d,`a*b```~x``&amp;#42</a>; ___~~ ***<code>c</code> <a href=\"https://e.com/p?q=1\">https://e.com/p?q=1</a>.</p>\n"),
        ("a URL taking a hard break's backslash leaves a soft break",
         "> - a https://e.com/p?q=1.(\\\n  b\n",
         "<blockquote>\n<ul>\n<li>a <a href=\"https://e.com/p?q=1.(%5C\">https://e.com/p?q=1.(\\</a>\nb</li>\n</ul>\n</blockquote>\n"),
        ("a lazy line keeps its spaces after a backslash break",
         "> a\\\n  b *c*\n",
         "<blockquote>\n<p>a<br />\n  b <em>c</em></p>\n</blockquote>\n"),
        ("a table cell reads its text on its own stack",
         "| *a ~b* c~ | ~~d **e~~ f** |\n| - | - |\n",
         "<table>\n<thead>\n<tr>\n<th><em>a ~b</em> c~</th>\n<th><del>d **e</del> f**</th>\n</tr>\n</thead>\n</table>\n"),
        ("101 tildes are a run of 100 and one that delimits",
         "x " + String(repeating: "~", count: 101) + "a~\n",
         "<p>x " + String(repeating: "~", count: 100) + "<del>" + "a</del></p>\n"),
    ]

    @Test("renders as cmark-gfm", arguments: cases)
    func rendersAsCmarkGFM(_ name: String, _ markdown: String, _ html: String) {
        #expect(MarkdownDocument(parsing: markdown, extensions: .gfm).renderHTML() == html, "\(name)")
    }

    /// The `.md` twin keeps the strikethrough written with its own run.
    @Test func strikethroughInStrongRendersBackToGFM() {
        let document = MarkdownDocument(parsing: "x **~a~ b** ~~c~~\n", extensions: .gfm)
        #expect(document.renderCommonMark() == "x **~a~ b** ~~c~~\n")
    }
}
