#!/usr/bin/env bash
# The wheels as a user gets them (.ci/run calls this after `python3 dev.py dist`): every wheel in
# dist/ installed, not editable, into a fresh venv with its dependencies from the package index;
# then `pagelift build` must say compiled (where a C compiler exists: a pure wheel is refused
# unless PAGELIFT_PURE_PYTHON=1 was set for the build), `pagelift text testdata/sample.pdf` must
# print the sample, and the core's unit tests run against the installed package.
#
#   python3 dev.py dist && scripts/check_wheels.sh          # VENV=/tmp/x to choose where the venv goes
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV=${VENV:-$(mktemp -d)/wheels-venv}
shopt -s nullglob
core=(dist/pagelift-*.whl)
plugins=(dist/pagelift_*.whl)
if [ ${#core[@]} -ne 1 ] || [ ${#plugins[@]} -eq 0 ]; then
    echo "check_wheels: expected one core wheel and the plugins' wheels in dist/ (python3 dev.py dist)" >&2
    exit 1
fi
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --disable-pip-version-check -q "${core[@]}" "${plugins[@]}"
# The unit tests' own tools (the PDF builder's fonttools and Pillow, pytest, hypothesis for the fuzz helpers).
"$VENV/bin/python" -m pip install --disable-pip-version-check -q "pytest>=8" "hypothesis>=6.100" "fonttools>=4.50" "pillow>=10"

# Run from outside the checkout: nothing of core/src can be imported by accident.
cd "$(mktemp -d)"
where=$("$VENV/bin/python" -c "import pagelift, sys; print(pagelift.__file__)")
case "$where" in
    "$VENV"/*) ;;
    *) echo "check_wheels: pagelift was imported from $where, not from the venv's wheel" >&2; exit 1 ;;
esac
build=$("$VENV/bin/pagelift" build)
echo "$build"
if [[ "${core[0]}" == *-py3-none-any.whl ]]; then
    if [ "${PAGELIFT_PURE_PYTHON:-0}" = "0" ] && command -v "${CC:-cc}" >/dev/null; then
        echo "check_wheels: the core's wheel is pure Python although a C compiler is here" >&2
        exit 1
    fi
elif ! grep -q "^compiled with mypyc" <<<"$build" || grep -q "	python$" <<<"$build"; then
    echo "check_wheels: the compiled wheel does not run its compiled modules" >&2
    exit 1
fi
text=$("$VENV/bin/pagelift" text "$ROOT/testdata/sample.pdf")
echo "$text" | head -3
grep -q "A Walk Along the Canal" <<<"$text" || { echo "check_wheels: pagelift text did not print the sample" >&2; exit 1; }

# The core's unit tests against the installed package (the repository's conftest and test helpers, its
# pyproject's pytest settings; testdata and tests on the path, core/src never).
"$VENV/bin/python" -m pytest -q -p no:cacheprovider -c "$ROOT/pyproject.toml" --rootdir "$ROOT" \
    -m "not corpus and not slow" "$ROOT/tests/core" "$ROOT/tests/cli"
echo "check_wheels: the wheels install, run compiled and pass the unit tests"
