"""Checks the relative links of Markdown files: each [text](path) or
[text](path#anchor) must name a file of the tree. Prints one line per broken
link and exits with 1 if there is any."""

import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def broken_links(markdown_path):
    base = os.path.dirname(os.path.abspath(markdown_path))
    with open(markdown_path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+://", target) or target.startswith("#"):
                    continue
                path = target.split("#", 1)[0]
                if not os.path.exists(os.path.join(base, path)):
                    yield "%s:%d: no such file: %s" % (markdown_path, number, path)


def main():
    problems = [p for md in sys.argv[1:] for p in broken_links(md)]
    for problem in problems:
        print(problem)
    print("checked %d file(s), %d broken link(s)" % (len(sys.argv) - 1, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
