#!/usr/bin/env python3
"""The README's "Use from CMake" and "Use from meson" code blocks are taken
from the consumer projects the tests build: each block's lines must appear,
in order, in the file its section names (blank lines aside), so the README
cannot drift from what is tested.

usage: readme_matches.py README.md test/consumers
"""
import re
import sys


def section(readme, title):
    """The text of the level-2 section `title`."""
    m = re.search(r"^## " + re.escape(title) + r"\n(.*?)(?=^## |\Z)", readme,
                  re.S | re.M)
    if not m:
        sys.exit(f"FAIL: README.md has no section '## {title}'")
    return m.group(1)


def first_block(text, lang):
    m = re.search(r"```" + lang + r"\n(.*?)```", text, re.S)
    if not m:
        sys.exit(f"FAIL: no ```{lang} block")
    return [l for l in m.group(1).splitlines() if l.strip()]


def appears_in_order(lines, path):
    """The first of `lines` not found in order in the file, or None."""
    with open(path) as f:
        file_lines = [l.rstrip("\n") for l in f]
    at = 0
    for line in lines:
        while at < len(file_lines) and file_lines[at] != line:
            at += 1
        if at == len(file_lines):
            return line
        at += 1
    return None


def main():
    readme_path, consumers = sys.argv[1], sys.argv[2]
    with open(readme_path) as f:
        readme = f.read()
    sections = [("Use from CMake", "cmake", "cmake/CMakeLists.txt"),
                ("Use from meson", "meson", "meson/meson.build")]
    failed = 0
    for title, lang, path in sections:
        text = section(readme, title)
        missing = appears_in_order(first_block(text, lang), f"{consumers}/{path}")
        if f"test/consumers/{path}" not in text:
            print(f"FAIL: '{title}' does not name test/consumers/{path}")
        elif missing is not None:
            print(f"FAIL: '{title}': this line is not in {path} (in order): {missing}")
        else:
            continue
        failed += 1
    print(f"{len(sections) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
