"""Writes README's first C block (the hello example) to argv[2] and prints
its first shell block (how README compiles it)."""
import re
import sys

readme = open(sys.argv[1]).read()
fence = "`" * 3
block = lambda lang: re.search(fence + lang + r"\n(.*?)" + fence, readme, re.S).group(1)
with open(sys.argv[2], "w") as out:
    out.write(block("c"))
print(block("sh"), end="")
