#!/usr/bin/env python3
"""Prints lit's xunit results as "check-asyncpipe: N passed, N failed, N
skipped". Arguments are result files, each optionally labelled (LABEL=FILE):
with several, one "check-asyncpipe [LABEL]: ..." line per file comes first and
the total over all of them last. Exits non-zero if any test failed, or if a
file holds no passing test (a run that tested nothing)."""

import sys
import xml.etree.ElementTree as ET


def tally(path):
    passed = failed = skipped = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def line(prefix, counts):
    passed, failed, skipped = counts
    return f"{prefix}: {passed} passed, {failed} failed, {skipped} skipped"


total = [0, 0, 0]
ok = True
args = sys.argv[1:]
for arg in args:
    label, sep, path = arg.rpartition("=")
    counts = tally(path)
    if len(args) > 1:
        print(line(f"check-asyncpipe [{label or path}]", counts))
    ok = ok and counts[1] == 0 and counts[0] > 0
    total = [t + c for t, c in zip(total, counts)]
print(line("check-asyncpipe", total))
sys.exit(0 if ok and args else 1)
