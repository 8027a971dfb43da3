# Prints JSON nested DEPTH levels deep, for spec-depth.test:
#   nested-spec.py spec DEPTH     a fusion spec for kernel @k whose "note"
#                                 nests arrays until the whole spec is DEPTH
#                                 levels deep (the note comes first, so its
#                                 brackets start at column 10)
#   nested-spec.py arrays DEPTH   [[[...]]]
#   nested-spec.py objects DEPTH  {"a":{"a":...1...}}
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
if kind == "spec":
    note = "[" * (depth - 1) + "]" * (depth - 1)
    print('{"note": ' + note + ",")
    print(' "fused": "f",')
    print(' "kernels": [{"name": "k", "nd_range": {"dims": 1, "global": [4]}}]}')
elif kind == "arrays":
    print("[" * depth + "]" * depth)
elif kind == "objects":
    print('{"a":' * depth + "1" + "}" * depth)
else:
    sys.exit("nested-spec.py: KIND must be spec, arrays or objects")
