"""docs/architecture.md's table of targets matches Package.swift.

Every target of the package (test targets aside) has a row; each target a
row names as a dependency is a direct dependency in Package.swift, and each
direct dependency is named or reached through one that is (the table leaves
out what a target gets through another one). Run from the checkout:
    python Tests/e2e/architecture_test.py
"""

import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def package_targets():
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    targets = {}
    for target in json.loads(dump)["targets"]:
        if target["type"] == "test" or target.get("path") == "Tests/SheetLabTestSupport":
            continue
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        targets[target["name"]] = names
    return targets


def table_rows():
    rows = {}
    text = (ROOT / "docs" / "architecture.md").read_text()
    for number, line in enumerate(text.splitlines(), 1):
        match = re.match(r"^\| `([^`]+)` \| ([^|]*) \|", line)
        if match:
            rows[match.group(1)] = (set(re.findall(r"`([^`]+)`", match.group(2))), number)
    return rows


def closure(name, table):
    seen, stack = set(), [name]
    while stack:
        for dependency in table.get(stack.pop(), (set(), 0))[0]:
            if dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


def main():
    targets, rows = package_targets(), table_rows()
    problems = []
    for name in sorted(set(targets) - set(rows)):
        problems.append(f"docs/architecture.md: no row for the target {name}")
    for name in sorted(set(rows) - set(targets)):
        problems.append(f"docs/architecture.md:{rows[name][1]}: {name} is not a target in Package.swift")
    for name in sorted(set(rows) & set(targets)):
        named, line = rows[name]
        for extra in sorted(named - targets[name]):
            problems.append(f"docs/architecture.md:{line}: {name} does not depend on {extra} in Package.swift")
        reached = closure(name, rows)
        for missing in sorted(targets[name] - reached):
            problems.append(f"docs/architecture.md:{line}: {name} depends on {missing}, which its row does not reach")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"architecture: {len(rows)} targets, the table matches Package.swift")


if __name__ == "__main__":
    main()
