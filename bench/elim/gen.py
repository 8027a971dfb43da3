#!/usr/bin/env python3
"""Generates LLVM IR programs for bench/elim/run.sh.

  gen.py programs --functions N --seed S   random programs: callers and small
      callees with copies, marks, constant waits, branches and loops, in the
      portable spelling, the way hand-written and pipelined code mixes them
  gen.py big --instructions N --seed S     one module of about N instructions
      (the same kind of functions with more arithmetic), for compile time

The programs are deterministic for a seed. Every function ends by waiting for
all its marks, so every program is a correct one.
"""

import argparse
import random


class Function:
    def __init__(self, name, rng, filler, callees, internal):
        self.name = name
        self.rng = rng
        self.filler = filler
        self.callees = callees
        self.internal = internal
        self.lines = []
        self.blocks = 0
        self.values = 0
        self.instructions = 0

    def value(self):
        self.values += 1
        return f"%v{self.values}"

    def block(self, stem):
        self.blocks += 1
        return f"{stem}{self.blocks}"

    def emit(self, text):
        self.lines.append("  " + text)
        self.instructions += 1

    def label(self, name):
        self.lines.append(f"{name}:")

    def arithmetic(self, acc):
        for _ in range(self.filler):
            v = self.value()
            op = self.rng.choice(["add", "mul", "xor", "sub"])
            self.emit(f"{v} = {op} i32 {acc}, {self.rng.randint(1, 99)}")
            acc = v
        return acc

    def copy_and_mark(self):
        self.emit("call void @asyncpipe.copy(ptr addrspace(3) %s, "
                  "ptr addrspace(1) %g, i32 4, i32 0)")
        self.emit("call void @asyncpipe.mark()")

    def statements(self, depth, acc):
        for _ in range(self.rng.randint(2, 5)):
            kind = self.rng.random()
            if kind < 0.35:
                self.copy_and_mark()
            elif kind < 0.55:
                self.emit(f"call void @asyncpipe.wait(i32 "
                          f"{self.rng.randint(0, 3)})")
                v = self.value()
                self.emit(f"{v} = load volatile i32, ptr addrspace(3) %s")
                acc = v
            elif kind < 0.65 and self.callees:
                callee = self.rng.choice(self.callees)
                self.emit(f"call void @{callee}(ptr addrspace(3) %s, "
                          f"ptr addrspace(1) %g, i1 %c)")
            elif kind < 0.8 and depth > 0:
                acc = self.branch(depth - 1, acc)
            elif depth > 0:
                acc = self.loop(depth - 1, acc)
            acc = self.arithmetic(acc)
        return acc

    def branch(self, depth, acc):
        then, other, join = (self.block("then"), self.block("else"),
                             self.block("join"))
        self.emit(f"br i1 %c, label %{then}, label %{other}")
        self.label(then)
        a = self.statements(depth, acc)
        self.emit(f"br label %{join}")
        then_end = self.current_block(then)
        self.label(other)
        b = self.statements(depth, acc)
        self.emit(f"br label %{join}")
        other_end = self.current_block(other)
        self.label(join)
        v = self.value()
        self.emit(f"{v} = phi i32 [ {a}, %{then_end} ], [ {b}, %{other_end} ]")
        return v

    def loop(self, depth, acc):
        pre = self.current_block(None)
        head, done = self.block("loop"), self.block("exit")
        self.emit(f"br label %{head}")
        self.label(head)
        i, inext, more = self.value(), self.value(), self.value()
        self.lines.append(f"  {i} = phi i32 [ 0, %{pre} ], [ {inext}, %LATCH ]")
        self.instructions += 1
        phi_index = len(self.lines) - 1
        body_acc = self.statements(depth, i)
        self.emit(f"{inext} = add i32 {i}, 1")
        self.emit(f"{more} = icmp slt i32 {inext}, %n")
        latch = self.current_block(head)
        self.lines[phi_index] = self.lines[phi_index].replace("LATCH", latch)
        self.emit(f"br i1 {more}, label %{head}, label %{done}")
        self.label(done)
        v = self.value()
        self.emit(f"{v} = add i32 {body_acc}, {acc}")
        return v

    def current_block(self, default):
        for line in reversed(self.lines):
            if line.endswith(":") and not line.startswith(" "):
                return line[:-1]
        return default or "entry"

    def text(self, depth):
        linkage = "internal " if self.internal else ""
        self.label("entry")
        acc = self.statements(depth, "%n")
        self.emit("call void @asyncpipe.wait(i32 0)")
        self.emit(f"store volatile i32 {acc}, ptr addrspace(3) %s")
        self.emit("ret void")
        head = (f"define {linkage}void @{self.name}(ptr addrspace(3) %s, "
                f"ptr addrspace(1) %g, i1 %c) {{")
        if not self.internal:
            head = (f"define void @{self.name}(ptr addrspace(3) %s, "
                    f"ptr addrspace(1) %g, i1 %c, i32 %n) {{")
        body = "\n".join(self.lines)
        if self.internal:
            body = body.replace("%n", "7")
        return head + "\n" + body + "\n}\n"


DECLARATIONS = """
declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
"""


def module(functions, filler, depth, seed):
    rng = random.Random(seed)
    parts, callees, instructions = [], [], 0
    for index in range(functions):
        internal = index % 3 == 0
        f = Function(f"f{index}", rng, filler, list(callees[-4:]), internal)
        parts.append(f.text(depth))
        instructions += f.instructions
        if internal:
            callees.append(f.name)
    return "".join(parts) + DECLARATIONS, instructions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["programs", "big"])
    parser.add_argument("--functions", type=int, default=60)
    parser.add_argument("--instructions", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.kind == "programs":
        text, _ = module(args.functions, filler=1, depth=2, seed=args.seed)
    else:
        functions, text, count = 50, "", 0
        while count < args.instructions:
            text, count = module(functions, filler=6, depth=3, seed=args.seed)
            functions = int(functions * args.instructions / max(count, 1)) + 1
    print(text)


if __name__ == "__main__":
    main()
