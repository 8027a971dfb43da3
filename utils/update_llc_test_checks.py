#!/usr/bin/env python3
"""Regenerates the FileCheck lines of AsyncPipe codegen tests.

For every RUN line of the form

    ; RUN: <command> | FileCheck %s --check-prefix[es]=A[,B]

it runs <command> (with the lit substitutions of a configured build), cuts the
assembly into functions, and writes, after each function's IR definition in
the test, one block per prefix:

    ; A-LABEL: name:
    ; A:       <first instruction>
    ; A-NEXT:  <next instruction>
    ...

Every line of a function's body is checked, directives and comments included,
so that each check can be a -NEXT; comments after an instruction are dropped.
Lines
generated earlier (any line starting with "; <prefix>") are replaced. RUN
lines that check stderr (2>&1) or discard the output are left to hand-written
checks under their own prefixes.

Usage: utils/update_llc_test_checks.py [--build-dir build] test.ll...
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

RUN_RE = re.compile(r"^\s*;\s*RUN:\s?(.*)$")
FUNC_LABEL_RE = re.compile(r"^([A-Za-z_.$][\w.$]*):\s*(;.*)?$")
IR_DEFINE_RE = re.compile(r"^define\b.*@([\w.$]+)\(")


def substitutions(build_dir):
    cfg = {}
    site = os.path.join(build_dir, "llvm", "test", "lit.site.cfg.py")
    with open(site) as f:
        for line in f:
            m = re.match(r'config\.(\w+) = "(.*)"', line.strip())
            if m:
                cfg[m.group(1)] = m.group(2)
    tools = cfg["llvm_tools_dir"]
    plugin = cfg["asyncpipe_plugin"]
    return [
        ("%llc", f"{tools}/llc -load={plugin}"),
        ("%opt", f"{tools}/opt -load-pass-plugin={plugin}"),
        ("%clang", f"{tools}/clang -fpass-plugin={plugin}"),
    ], tools


def run_lines(lines):
    commands, current = [], ""
    for line in lines:
        m = RUN_RE.match(line)
        if not m:
            continue
        part = m.group(1)
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append((current + part).strip())
        current = ""
    return commands


def split_check(command):
    if "| FileCheck" not in command:
        return None
    producer, check = command.split("| FileCheck", 1)
    # Remarks, diagnostics and other hand-written checks are left alone.
    if any(s in producer for s in ("2>&1", "/dev/null", "-disable-output")):
        return None
    args = shlex.split(check)
    prefixes = ["CHECK"]
    for i, arg in enumerate(args):
        for opt in ("--check-prefixes=", "--check-prefix=", "-check-prefixes=",
                    "-check-prefix="):
            if arg.startswith(opt):
                prefixes = arg[len(opt):].split(",")
    return producer.strip(), prefixes


def asm_functions(asm):
    """Maps each function to its body lines; None marks a blank line."""
    functions, name, body = {}, None, []
    for line in asm.splitlines():
        if name is None:
            m = FUNC_LABEL_RE.match(line)
            if m and not m.group(1).startswith("."):
                name, body = m.group(1), []
            continue
        stripped = line.strip()
        if stripped.startswith(".Lfunc_end") or stripped.startswith(".section"):
            functions[name] = body
            name = None
            continue
        if not stripped:
            body.append(None)
            continue
        if not stripped.startswith(";"):
            stripped = stripped.split(";")[0].strip() or stripped
        body.append(re.sub(r"\s+", " ", stripped))
    return functions


def checks_for(prefix, name, body):
    out = [f"; {prefix}-LABEL: {name}:"]
    after_gap = True
    for line in body:
        if line is None:
            after_gap = True
            continue
        kind = prefix if after_gap else f"{prefix}-NEXT"
        out.append(f"; {kind}: {line}".rstrip())
        after_gap = False
    return out


def update(path, subst, tools):
    with open(path) as f:
        lines = f.read().splitlines()
    generated = {}  # function -> list of check lines
    all_prefixes = set()
    for command in run_lines(lines):
        parsed = split_check(command)
        if not parsed:
            continue
        producer, prefixes = parsed
        for key, value in subst:
            producer = producer.replace(key, value)
        producer = producer.replace("%s", path)
        producer = re.sub(r"(^|\s)(llc|opt|clang)(\s)",
                          lambda m: f"{m.group(1)}{tools}/{m.group(2)}{m.group(3)}",
                          producer)
        result = subprocess.run(producer, shell=True, capture_output=True,
                                text=True)
        if result.returncode != 0:
            sys.exit(f"{path}: command failed: {producer}\n{result.stderr}")
        functions = asm_functions(result.stdout)
        for prefix in prefixes:
            all_prefixes.add(prefix)
            for name, body in functions.items():
                generated.setdefault(name, []).extend(
                    checks_for(prefix, name, body))
    prefix_re = re.compile(r"^;\s*(%s)(-NEXT|-LABEL|-NOT|-SAME|-EMPTY)?:" %
                           "|".join(map(re.escape, sorted(all_prefixes))))
    note = ("; NOTE: Assertions have been autogenerated by "
            "utils/update_llc_test_checks.py")
    kept = [l for l in lines if not prefix_re.match(l) and l != note]
    kept.insert(0, note)
    output = []
    i = 0
    while i < len(kept):
        line = kept[i]
        output.append(line)
        m = IR_DEFINE_RE.match(line)
        if m and m.group(1) in generated:
            # Copy the function body, then append its checks after the "}".
            i += 1
            while i < len(kept) and kept[i] != "}":
                output.append(kept[i])
                i += 1
            if i < len(kept):
                output.append(kept[i])
            output.extend(generated[m.group(1)])
        i += 1
    with open(path, "w") as f:
        f.write("\n".join(output) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default=os.path.join(
        os.path.dirname(__file__), "..", "build"))
    parser.add_argument("tests", nargs="+")
    args = parser.parse_args()
    subst, tools = substitutions(args.build_dir)
    for test in args.tests:
        update(test, subst, tools)


if __name__ == "__main__":
    main()
