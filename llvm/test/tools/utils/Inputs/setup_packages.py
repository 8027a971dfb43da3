"""For each tool named on the command line (found on PATH, where lit puts
LLVM 22's tools first), prints the Debian package that owns it (dpkg -S) and
whether utils/setup.sh (argv[1]) installs that package."""
import os
import re
import shutil
import subprocess
import sys

setup = open(sys.argv[1]).read()
packages = set(re.search(r"PACKAGES=\((.*?)\)", setup, re.S).group(1).split())
for tool in sys.argv[2:]:
    path = shutil.which(tool)
    owner = None
    for candidate in filter(None, [path, path and os.path.realpath(path)]):
        out = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if out.returncode == 0:
            owner = out.stdout.split(":")[0]
            break
    status = "installed by setup.sh" if owner in packages else "NOT in setup.sh"
    print(f"{tool}: {owner} ({status})")
