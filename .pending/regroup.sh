#!/usr/bin/env bash
# Regroup pagelift's core modules into folders that show the data flow (issue 12, part 3).
#
# Only moves files (git mv) and rewrites imports and module paths; no logic changes.
# Re-runnable: run it from the root of a pagelift checkout (after merging other branches,
# run it again: modules already moved are skipped, imports are rewritten wherever they
# still use an old path, including in files the other branches added).
#
#   bash /work/i12-regroup.sh            # move, rewrite, then: python3 dev.py test
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
CORE=core/src/pagelift
test -f "$CORE/__init__.py" || { echo "run from a pagelift checkout" >&2; exit 1; }

# old module (dotted, under pagelift) -> new module
MOVES="
recovery:objects.recovery
opening:objects.opening
page_tree:objects.page_tree
page_ranges:objects.page_ranges
qpdf_messages:objects.qpdf_messages
content.streams:objects.streams
cycles:content.cycles
glyphnames:fonts.glyphnames
lines:text.lines
frames:text.frames
rtl:text.rtl
accents:text.accents
scripts:text.scripts
dehyphenate:text.dehyphenate
cleaning:text.cleaning
text_assembly:text.assembly
images:pictures.pixels
ocr:pictures.ocr
"

for pkg in objects text pictures; do
  if [ ! -f "$CORE/$pkg/__init__.py" ]; then
    mkdir -p "$CORE/$pkg"
    case $pkg in
      objects) doc="The object layer: opening a file (pikepdf, pypdf's rebuild), the page tree, page ranges, bounded stream decoding." ;;
      text) doc="Text from runs: the one line rule, frames, right-to-left order, accents, cleaning, text assembly and dehyphenation." ;;
      pictures) doc="What a page paints as pictures: their pixels through the image plugins, and OCR of scanned pages." ;;
    esac
    printf '"""%s"""\n' "$doc" > "$CORE/$pkg/__init__.py"
    git add "$CORE/$pkg/__init__.py"
  fi
done

for pair in $MOVES; do
  old=${pair%%:*}; new=${pair##*:}
  src="$CORE/${old//.//}.py"; dst="$CORE/${new//.//}.py"
  if [ -f "$src" ] && [ ! -f "$dst" ]; then
    git mv "$src" "$dst"
  fi
done

MOVES="$MOVES" python3 - <<'PY'
import os, re, pathlib, subprocess

moves = dict(p.split(":") for p in os.environ["MOVES"].split())
core = pathlib.Path("core/src/pagelift")
# Where each module lives now, to resolve relative imports in files that moved.
old_location = {("pagelift." + new): ("pagelift." + old) for old, new in moves.items()}


def rename(module: str) -> str:
    """An absolute module name under its new path."""
    for old, new in sorted(moves.items(), key=lambda kv: -len(kv[0])):
        full = "pagelift." + old
        if module == full or module.startswith(full + "."):
            return "pagelift." + new + module[len(full):]
    return module


def module_of(path: pathlib.Path) -> str:
    rel = path.relative_to(core.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_of(module: str, is_init: bool) -> list[str]:
    parts = module.split(".")
    return parts if is_init else parts[:-1]


REL = re.compile(r"^(\s*from\s+)(\.+)([\w.]*)(\s+import\b)", re.M)


def relative(target: str, package: list[str]) -> str:
    t = target.split(".")
    common = 0
    while common < len(package) and common < len(t) and package[common] == t[common]:
        common += 1
    dots = "." * (len(package) - common + 1)
    return dots + ".".join(t[common:])


for path in sorted(core.rglob("*.py")):
    now = module_of(path)
    was = old_location.get(now, now)  # the module's name before it moved
    is_init = path.name == "__init__.py"
    old_pkg = package_of(was, is_init)
    new_pkg = package_of(now, is_init)
    text = path.read_text()

    def fix(m: re.Match[str]) -> str:
        dots, name = m.group(2), m.group(3)
        # Resolve against where the file was when the import was written: the old package
        # if the import still uses old paths, else the new one.
        for base in (old_pkg, new_pkg):
            up = base[: len(base) - (len(dots) - 1)]
            target = ".".join(up + ([name] if name else []))
            spec = core.parent / (target.replace(".", "/") + ".py")
            pkg = core.parent / target.replace(".", "/") / "__init__.py"
            renamed = rename(target)
            if renamed != target or spec.exists() or pkg.exists():
                break
        return m.group(1) + relative(renamed, new_pkg) + m.group(4)

    new_text = REL.sub(fix, text)
    # "from . import lines" style imports of moved modules
    def fix_from_dot(m: re.Match[str]) -> str:
        return m.group(0)
    if new_text != text:
        path.write_text(new_text)

# Absolute imports and module paths everywhere else (tests, plugins, benchmarks, docs).
files = subprocess.run(["git", "ls-files", "*.py", "*.md", "*.toml", "*.txt", "*.cfg"],
                       capture_output=True, text=True, check=True).stdout.split()
ABS = re.compile(r"\b(from|import)(\s+)(pagelift(?:\.\w+)+)")
MOD = re.compile(r"(:mod:`|:func:`|:class:`|:data:`|`)(pagelift(?:\.\w+)+)")
PATH = re.compile(r"core/src/pagelift/([\w/]+)\.py")
for name in files:
    p = pathlib.Path(name)
    if not p.exists() or "golden" in p.parts:
        continue
    text = p.read_text()
    new_text = ABS.sub(lambda m: m.group(1) + m.group(2) + rename(m.group(3)), text)

    def mod(m: re.Match[str]) -> str:
        dotted = m.group(2)
        # Only rewrite a dotted name whose module prefix moved (pagelift.lines() the function stays).
        for k in range(dotted.count("."), 0, -1):
            head = ".".join(dotted.split(".")[: k + 1])
            if (core.parent / (head.replace(".", "/") + ".py")).exists():
                return m.group(1) + dotted  # still a module at that path
            renamed = rename(head)
            # pagelift.lines is also the public function: only :mod:`pagelift.lines` means the module.
            if renamed != head and not (dotted == head == "pagelift.lines" and m.group(1) != ":mod:`"):
                return m.group(1) + renamed + dotted[len(head):]
        return m.group(0)

    new_text = MOD.sub(mod, new_text)
    new_text = PATH.sub(lambda m: "core/src/" + rename("pagelift." + m.group(1).replace("/", ".")).replace(".", "/") + ".py", new_text)
    if new_text != text:
        p.write_text(new_text)
PY

# The import-linter contracts name modules: follow the moves.
python3 - <<'PY'
import pathlib, re
p = pathlib.Path("pyproject.toml")
s = p.read_text()
for old, new in [("pagelift.lines", "pagelift.text.lines"), ("pagelift.frames", "pagelift.text.frames"),
                 ("pagelift.rtl", "pagelift.text.rtl"), ("pagelift.accents", "pagelift.text.accents"),
                 ("pagelift.scripts", "pagelift.text.scripts"), ("pagelift.dehyphenate", "pagelift.text.dehyphenate"),
                 ("pagelift.cleaning", "pagelift.text.cleaning")]:
    s = s.replace(f'"{old}"', f'"{new}"')
p.write_text(s)
PY
# Imports were rewritten in place: put them back in isort's order.
if [ -x .venv/bin/ruff ]; then
  .venv/bin/ruff check --select I --fix -q core plugins tests benchmarks testdata || true
fi
echo "regrouped; now: python3 dev.py setup && python3 dev.py test" >&2
