#!/usr/bin/env python3
"""Writes N Markdown pages of about 1.5 KB with YAML front matter for build benchmarks.

Each page has a date (spread over 2024) and two or three tags from a vocabulary of twelve (one
Korean), so a build also writes a page per tag and the tags' terms page.

usage: generate-pages.py OUT_DIR [N] [--hugo] [--reports K] [--sections]

Pages go to OUT_DIR/Content (sitegen) or OUT_DIR/content (Hugo, with --hugo). The text is
deterministic: the same N gives the same pages. With --reports K, K of the pages also carry a
report block (bank, juice and calc in turn; never for Hugo). With --sections, each of the 20
section folders also gets an index page (index.md, or _index.md for Hugo) that lists its pages.
"""
import argparse
import os

WORDS = ("teller queue juice mango kiwi banana deposit loan stock order report chart table "
         "morning busy window service customer fruit market catalogue price").split()


TAGS = ["mango", "kiwi", "banana", "stock", "queue", "deposit", "loan", "orders", "charts",
        "market", "morning", "재고"]


def tags(n):
    """Two or three distinct tags, chosen deterministically from the page number."""
    chosen = []
    for i in range(2 + n % 2):
        tag = TAGS[(n * 5 + i * 7) % len(TAGS)]
        if tag not in chosen:
            chosen.append(tag)
    return "[" + ", ".join(chosen) + "]"


def words(seed, count):
    return " ".join(WORDS[(seed * 7 + i * 13) % len(WORDS)] for i in range(count))


REPORTS = [
    "```bank\nseed: {n}\ncustomers: 25\n```\n",
    "```juice\nsteps:\n  - order: strawberryBanana\n  - order: mango\n    count: 3\n  - restock: {{kiwi: 5}}\n```\n",
    "```calc\n1 + 2 × 3\n1,000 × {n}\n10 ÷ 4\n```\n",
]


def page(n, total, report):
    section = f"s{n % 20:02d}"
    other = (n * 31 + 7) % total
    body = f"""---
title: "Page {n}: {words(n, 3)}"
description: "{words(n + 1, 8)}"
date: 2024-{(n % 12) + 1:02d}-{(n * 7 % 28) + 1:02d}
tags: {tags(n)}
weight: {n % 50}
---

# Page {n}

{words(n, 40)}. {words(n + 2, 25)} with **bold {words(n, 2)}** and *{words(n + 3, 2)}*.

## Details

- {words(n + 4, 6)}
- {words(n + 5, 7)} with `code {n}`
- [a related page](../s{other % 20:02d}/page-{other}.md)

### Numbers

1. {words(n + 6, 9)}
2. {words(n + 7, 9)}
3. {words(n + 8, 9)}

```swift
let value{n} = {n} * 2  // {words(n, 4)}
print(value{n})
```

> {words(n + 9, 18)}

{words(n + 10, 45)}. See [the home page](../index.md) or <https://example.com/{n}>.
"""
    if report is not None:
        body += "\n" + REPORTS[report % len(REPORTS)].format(n=n)
    return section, body


def section_index(section):
    return f"""---
title: "Section {section}"
description: "{words(int(section[1:]), 6)}"
weight: {int(section[1:]) + 1}
---

The pages of section {section}.
"""


def main():
    parser = argparse.ArgumentParser(description="Writes N generated Markdown pages.")
    parser.add_argument("out")
    parser.add_argument("total", nargs="?", type=int, default=10000)
    parser.add_argument("--hugo", action="store_true")
    parser.add_argument("--reports", type=int, default=0)
    parser.add_argument("--sections", action="store_true")
    options = parser.parse_args()
    hugo, reports, total = options.hugo, options.reports, options.total
    content = os.path.join(options.out, "content" if hugo else "Content")
    every = max(1, total // reports) if reports else 0
    sections = set()
    for n in range(total):
        report = (n // every) if reports and n % every == 0 and n // every < reports else None
        section, text = page(n, total, None if hugo else report)
        if hugo:
            text = text.replace(".md)", "/)").replace("](../", "](../../").replace("](../../index/)", "](../../)")
        folder = os.path.join(content, section)
        if section not in sections:
            sections.add(section)
            os.makedirs(folder, exist_ok=True)
            if options.sections:
                with open(os.path.join(folder, "_index.md" if hugo else "index.md"), "w") as f:
                    f.write(section_index(section))
        with open(os.path.join(folder, f"page-{n}.md"), "w") as f:
            f.write(text)
    with open(os.path.join(content, "index.md" if not hugo else "_index.md"), "w") as f:
        f.write("---\ntitle: Benchmark\n---\n\nThe benchmark site.\n")


if __name__ == "__main__":
    main()
