#!/usr/bin/env bash
# Check the Binder spec (binder/) locally, the way repo2docker uses it, without Docker:
#   1. a clean copy of the repo: `git archive HEAD` (what mybinder.org would clone), or the
#      working tree with --worktree (tracked + untracked-but-not-ignored files; before a commit)
#   2. the Python version binder/runtime.txt asks for (repo2docker default: 3.10); if it is not
#      on this machine, the nearest one >= 3.10, with a warning (scripts/binder.py python)
#   3. a fresh venv holding repo2docker's base environment first (its conda lock's packages,
#      from PyPI: scripts/repo2docker-base.txt, JupyterLab, Notebook, JupyterHub...), then
#      `pip install -r binder/requirements.txt` on top of it, as repo2docker does, then
#      ./binder/postBuild run from the copy's root with NB_PYTHON_PREFIX / REPO_DIR / PATH set
#      as repo2docker sets them, then `pip check`
#   4. checks: the lock is complete (every installed package pinned) and its pins hold after
#      postBuild, imports (outside the copy), package data, the learner settings overrides, the
#      widget lab extensions and Voila enabled, a kernel that runs in this env, every
#      notebooks/*.ipynb and notebooks/play/*.ipynb executed with nbconvert
#   5. optional (--browser or BROWSER=1): tests/browser from the copy, with JupyterLab and the
#      kernel served from this env (JUPYTER_PYTHON) and pytest/playwright from DEV_PYTHON
# Not checkable here: the Ubuntu base image, apt.txt, conda itself (the base packages come from
# PyPI), the jovyan user, the mybinder.org launch itself.
#
# Usage: scripts/check_binder.sh [--worktree] [--browser] [--keep]
# Env:   BROWSER=1, KEEP=1 (keep the temp dir), BINDER_PYTHON (interpreter to use),
#        DEV_PYTHON (default .venv/bin/python: runs pytest for --browser)
# Run by `make binder-check`; not part of `make test` (it builds a whole environment).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOURCE=head
KEEP="${KEEP:-0}"
BROWSER="${BROWSER:-0}"
DEV_PYTHON="${DEV_PYTHON:-$REPO/.venv/bin/python}"
for arg in "$@"; do
  case "$arg" in
    --worktree) SOURCE=worktree ;;
    --browser) BROWSER=1 ;;
    --keep) KEEP=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $arg (see --help)" >&2; exit 2 ;;
  esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/binder-check.XXXXXX")"
SRC="$WORK/repo"     # the repo copy, ${REPO_DIR} in repo2docker terms
VENV="$WORK/venv"    # ${NB_PYTHON_PREFIX}
mkdir -p "$SRC" "$WORK/home" "$WORK/logs" "$WORK/executed" "$WORK/elsewhere"

cleanup() {
  local rc=$?
  if [ "$KEEP" = "1" ]; then
    echo "kept: $WORK (venv: $VENV)"
  else
    rm -rf "$WORK"
  fi
  exit "$rc"
}
trap cleanup EXIT

# ---------------------------------------------------------------- output and timing helpers
ms() { date +%s%3N; }
since() { awk -v a="$1" -v b="$(ms)" 'BEGIN { printf "%.1f", (b - a) / 1000 }'; }
T_START="$(ms)"
STEP_NAME=""
STEP_T=0
TIMES=()
end_step() {
  if [ -n "$STEP_NAME" ]; then
    TIMES+=("$(printf '%6s s  %s' "$(since "$STEP_T")" "$STEP_NAME")")
  fi
  STEP_NAME=""
}
step() { end_step; STEP_NAME="$1"; STEP_T="$(ms)"; echo; echo "== $1"; }
fail() { echo "FAIL: $* (after $(since "$T_START") s)" >&2; exit 1; }
warn() { echo "WARN: $*"; WARNINGS=$((WARNINGS + 1)); }
WARNINGS=0

# An environment like repo2docker's: nothing from this machine's user config leaks in.
export HOME="$WORK/home"
unset PYTHONPATH PYTHONHOME PYTHONUSERBASE VIRTUAL_ENV JUPYTER_PATH JUPYTER_CONFIG_DIR \
  JUPYTER_DATA_DIR JUPYTER_RUNTIME_DIR IPYTHONDIR 2>/dev/null || true
export PIP_DISABLE_PIP_VERSION_CHECK=1

# ---------------------------------------------------------------- 1. the repo copy
if [ "$SOURCE" = head ] && ! git -C "$REPO" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  echo "note: $REPO is not a git checkout with a commit: checking the working tree instead"
  SOURCE=worktree
fi
step "copy of the repository ($SOURCE)"
if [ "$SOURCE" = head ]; then
  git -C "$REPO" archive --format=tar HEAD | tar -x -C "$SRC"
  echo "git archive HEAD ($(git -C "$REPO" rev-parse --short HEAD))"
  if [ -n "$(git -C "$REPO" status --porcelain --untracked-files=normal)" ]; then
    warn "uncommitted changes are NOT in this check (HEAD only); --worktree includes them"
  fi
elif git -C "$REPO" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # tracked + untracked files that .gitignore does not exclude: what `git add -A` would commit
  (cd "$REPO" && git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf -) | tar -x -C "$SRC"
  echo "working tree (tracked + unignored untracked files)"
else
  tar -C "$REPO" --exclude=.git --exclude=.venv --exclude=venv --exclude=__pycache__ \
    --exclude='*.egg-info' --exclude=build --exclude=shots --exclude=.ruff_cache \
    --exclude=.pytest_cache --exclude=.ipynb_checkpoints --exclude=benchmarks/results \
    -cf - . | tar -x -C "$SRC"
  echo "working tree (no git: tar copy without .venv, build output and caches)"
fi
echo "$(find "$SRC" -type f | wc -l) files in $SRC"

# ---------------------------------------------------------------- 2. the spec itself
step "binder/ spec"
B="$SRC/binder"
[ -d "$B" ] || fail "no binder/ folder in the copy"
[ -e "$B/Dockerfile" ] && warn "binder/Dockerfile exists: repo2docker ignores every other file"
[ -e "$B/environment.yml" ] && warn "binder/environment.yml exists: conda; requirements.txt IGNORED"
[ -e "$B/Pipfile" ] && warn "binder/Pipfile exists: it competes with requirements.txt"
[ -e "$B/apt.txt" ] && echo "note: binder/apt.txt (Ubuntu packages) cannot be checked here"
[ -f "$B/requirements.txt" ] || fail "binder/requirements.txt missing"
loose="$(grep -vE '^\s*(#|$|-)' "$B/requirements.txt" | grep -v '==' || true)"
[ -z "$loose" ] || fail "requirements not pinned with ==: $(echo "$loose" | tr '\n' ' ')"
BASE="$SRC/scripts/repo2docker-base.txt"
[ -f "$BASE" ] || fail "scripts/repo2docker-base.txt missing (repo2docker's base environment)"

want=3.10 # repo2docker's default
if [ -f "$B/runtime.txt" ]; then
  rt="$(tr -d ' \t\r' <"$B/runtime.txt" | head -n1)"
  [[ "$rt" =~ ^python-([0-9]+\.[0-9]+)(\.[0-9]+)?$ ]] \
    || fail "binder/runtime.txt is '$rt'; expected python-X.Y"
  want="${BASH_REMATCH[1]}"
  echo "runtime.txt: $rt"
else
  warn "no binder/runtime.txt: repo2docker uses its default Python ($want)"
fi

PB="$B/postBuild"
if [ -f "$PB" ]; then
  [[ "$(head -n1 "$PB")" == '#!'* ]] || fail "binder/postBuild has no #! line (repo2docker executes it)"
  grep -q $'\r' "$PB" && fail "binder/postBuild has CRLF line endings"
  grep -q '^set -euo pipefail' "$PB" \
    || warn "binder/postBuild does not start with 'set -euo pipefail': failures would pass"
  [ -x "$PB" ] || warn "binder/postBuild is not executable in the copy (repo2docker chmods it)"
else
  warn "no binder/postBuild: with a binder/ folder, nothing installs the project itself"
fi

# the interpreter: BINDER_PYTHON, else runtime.txt's version, else the nearest >= 3.10
PY="$(python3 "$SRC/scripts/binder.py" python 2>"$WORK/logs/python.txt")" \
  || { cat "$WORK/logs/python.txt"; fail "no Python for the Binder environment"; }
if [ -s "$WORK/logs/python.txt" ]; then warn "$(sed 's/^note: //' "$WORK/logs/python.txt")"; fi
echo "Python: $("$PY" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

# ---------------------------------------------------------------- 3. build, as repo2docker does
step "fresh venv + repo2docker's base environment ($(grep -c '==' "$BASE") packages, --no-deps)"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --no-deps -r "$BASE" \
  || fail "repo2docker's base packages do not install with this Python"

step "pip install -r binder/requirements.txt (on the base, as repo2docker runs it)"
(cd "$SRC" && "$VENV/bin/python" -m pip install --no-cache-dir -r binder/requirements.txt) \
  >"$WORK/logs/requirements.log" 2>&1 \
  || { tail -n 30 "$WORK/logs/requirements.log"; fail "pip install -r binder/requirements.txt"; }
# pip warns, and still succeeds, when what it installed breaks a base package's requirement
if grep -q "dependency conflicts" "$WORK/logs/requirements.log"; then
  sed -n '/dependency conflicts/,$p' "$WORK/logs/requirements.log"
  fail "binder/requirements.txt conflicts with repo2docker's base environment"
fi
grep '^Successfully installed' "$WORK/logs/requirements.log" | fold -s -w 96 | sed 's/^/  /' \
  || echo "  nothing installed: the base already held every pin"

if [ -f "$PB" ]; then
  step "binder/postBuild (from the copy's root)"
  chmod +x "$PB"
  if (cd "$SRC" && PATH="$VENV/bin:$PATH" NB_PYTHON_PREFIX="$VENV" KERNEL_PYTHON_PREFIX="$VENV" \
    REPO_DIR="$SRC" ./binder/postBuild) >"$WORK/logs/postBuild.log" 2>&1; then
    grep -E '^(postBuild|Successfully installed)|[Ww]arning' "$WORK/logs/postBuild.log" \
      | sed 's/^ */  /' || true
  else
    tail -n 60 "$WORK/logs/postBuild.log"
    fail "binder/postBuild (log tail above)"
  fi
  leftovers="$(cd "$SRC" && ls -d build ./*.egg-info 2>/dev/null || true)"
  [ -z "$leftovers" ] || warn "postBuild left build output in the repo: $leftovers"
fi

# ---------------------------------------------------------------- 4. checks
VPY="$VENV/bin/python"
step "pip check (the whole environment, base packages included)"
"$VPY" -m pip check || fail "pip check: the Binder environment has broken requirements"

step "the lock complete and holding, imports, package data, settings"
(cd "$WORK/elsewhere" && "$VPY" -I - "$SRC" "$VENV" <<'PYEOF') || fail "environment checks"
import importlib, importlib.metadata as md, json, os, re, sys
from pathlib import Path

src, venv = Path(sys.argv[1]), Path(os.path.realpath(sys.argv[2]))
norm = lambda name: re.sub(r"[-_.]+", "-", name).lower()
bad, pinned = [], set()
for line in (src / "binder/requirements.txt").read_text().splitlines():
    m = re.match(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*==\s*([^\s;#]+)", line)
    if m:
        name, pin = re.sub(r"\[.*\]", "", m[1]), m[2]
        pinned.add(norm(name))
        try:
            got = md.version(name)
        except md.PackageNotFoundError:
            got = "not installed"
        if got != pin:
            bad.append(f"{name} is {got}, pinned {pin}")
own = {"pip", "setuptools", "wheel", "tabletop-lessons"}
loose = sorted({norm(d.metadata["Name"]) for d in md.distributions()} - pinned - own)
bad += [f"{name} is installed but not in the lock (make binder-lock)" for name in loose]
print(f"  {len(pinned)} pins, all installed as pinned; nothing installed that is not pinned"
      if not bad else f"  {len(pinned)} pins")
for mod in ["engine", "tabletop_widgets", "anywidget", "ipywidgets", "numpy", "matplotlib"]:
    try:
        m = importlib.import_module(mod)
    except Exception as e:
        bad.append(f"import {mod}: {type(e).__name__}: {e}")
        continue
    where = Path(os.path.realpath(m.__file__))
    if mod in ("engine", "tabletop_widgets") and venv not in where.parents:
        bad.append(f"{mod} imported from {where}, not installed into the venv")
if not bad:
    print("  imports ok: engine, tabletop_widgets, anywidget, ipywidgets, numpy, matplotlib")
try:
    import tabletop_widgets
    pkg = Path(tabletop_widgets.__file__).parent
    for f in sorted((src / "tabletop_widgets/static").glob("*")):
        if f.suffix in (".js", ".css") and not (pkg / "static" / f.name).is_file():
            bad.append(f"package data missing from the install: static/{f.name}")
    print(f"  package data: {len(list((pkg / 'static').glob('*')))} files in {pkg / 'static'}")
except ImportError:
    pass
over_src = src / "binder/overrides.json"
if over_src.exists():
    from jupyterlab.commands import get_app_dir
    dst = Path(get_app_dir()) / "settings" / "overrides.json"
    if not dst.exists():
        bad.append(f"{dst} missing: learners would get the news toast")
    else:
        have = json.loads(dst.read_text())
        for plugin, vals in json.loads(over_src.read_text()).items():
            if any(have.get(plugin, {}).get(k) != v for k, v in vals.items()):
                bad.append(f"{dst} lacks {plugin}: {vals}")
        print(f"  settings overrides: {dst}")
for b in bad:
    print("  FAIL:", b)
sys.exit(1 if bad else 0)
PYEOF

step "jupyter labextension list"
"$VENV/bin/jupyter" labextension list >"$WORK/logs/labext.txt" 2>&1 || true
sed -i 's/\x1b\[[0-9;]*m//g' "$WORK/logs/labext.txt"
grep -E 'anywidget|jupyterlab-manager' "$WORK/logs/labext.txt" | sed 's/^ */  /' || true
for ext in anywidget @jupyter-widgets/jupyterlab-manager; do
  grep -qE "^\s*${ext} v\S+ enabled\s+OK" "$WORK/logs/labext.txt" \
    || { cat "$WORK/logs/labext.txt"; fail "lab extension $ext is not listed as 'enabled OK'"; }
done
if grep -qiE 'build recommended|not compatible|is not (enabled|installed)' "$WORK/logs/labext.txt"; then
  warn "labextension list reports problems:"
  cat "$WORK/logs/labext.txt"
fi

step "Voila: server extension enabled, progressive rendering on"
"$VENV/bin/jupyter" server extension list >"$WORK/logs/serverext.txt" 2>&1 || true
sed -i 's/\x1b\[[0-9;]*m//g' "$WORK/logs/serverext.txt"
grep -qE '^\s*voila\.server_extension\s+enabled' "$WORK/logs/serverext.txt" \
  || grep -qE '^\s*voila\s+enabled' "$WORK/logs/serverext.txt" \
  || { cat "$WORK/logs/serverext.txt"; fail "Voila is not an enabled server extension"; }
(cd "$WORK/elsewhere" && "$VPY" -c '
from voila.configuration import VoilaConfiguration
from voila.server_extension import load_config_file
conf = VoilaConfiguration(config=load_config_file())
assert conf.progressive_rendering, "progressive_rendering is off"
print("  voila enabled; progressive_rendering on (from the environment config path)")
') || fail "Voila settings (voila.json via postBuild)"

step "a kernel in this env (nbconvert)"
"$VPY" - "$WORK/elsewhere/probe.ipynb" "$VENV" <<'PYEOF'
import json, sys
code = (
    "import os, sys\n"
    f"assert os.path.realpath(sys.prefix) == os.path.realpath({sys.argv[2]!r}), sys.prefix\n"
    "import engine, tabletop_widgets, anywidget, ipywidgets, numpy, matplotlib\n"
    "print('kernel ok:', sys.executable)"
)
nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "probe", "metadata": {},
                 "outputs": [], "source": code}],
      "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                  "language": "python"}},
      "nbformat": 4, "nbformat_minor": 5}
open(sys.argv[1], "w").write(json.dumps(nb))
PYEOF
(cd "$WORK/elsewhere" && "$VENV/bin/jupyter" nbconvert --to notebook --execute --stdout \
  probe.ipynb 2>"$WORK/logs/probe.log") | grep -o 'kernel ok: [^"\\]*' \
  || { cat "$WORK/logs/probe.log"; fail "the python3 kernel does not run in the Binder env"; }

step "execute every notebooks/*.ipynb and notebooks/play/*.ipynb"
shopt -s nullglob
nbs=("$SRC"/notebooks/*.ipynb "$SRC"/notebooks/play/*.ipynb)
shopt -u nullglob
if [ "${#nbs[@]}" -eq 0 ]; then
  echo "no notebooks in notebooks/: nothing to execute"
fi
failed=()
for nb in "${nbs[@]}"; do
  name="$(basename "$nb")"
  t="$(ms)"
  # cwd = the notebook's folder, as in JupyterLab; the kernel is the one the notebook names
  # (a notebook saved with another kernel name would fail on Binder too)
  if (cd "$(dirname "$nb")" && "$VENV/bin/jupyter" nbconvert --to notebook --execute \
    --ExecutePreprocessor.timeout=600 --output-dir "$WORK/executed" "$name" \
    >"$WORK/logs/$name.log" 2>&1); then
    printf '  ok    %6s s  %s\n' "$(since "$t")" "$name"
  else
    printf '  FAIL  %6s s  %s\n' "$(since "$t")" "$name"
    { grep -q 'An error occurred while executing' "$WORK/logs/$name.log" \
      && sed -n '/An error occurred while executing/,$p' "$WORK/logs/$name.log" \
      || cat "$WORK/logs/$name.log"; } | tail -n 30 | sed 's/^/        /'
    failed+=("$name")
  fi
done
[ "${#failed[@]}" -eq 0 ] || fail "notebooks that do not execute in the Binder env: ${failed[*]}"

if [ "$BROWSER" = "1" ]; then
  step "browser tests (tests/browser), JupyterLab and kernel from the Binder env"
  [ -d "$SRC/tests/browser" ] || fail "no tests/browser in the copy (commit it, or use --worktree)"
  [ -x "$DEV_PYTHON" ] || fail "DEV_PYTHON=$DEV_PYTHON not found (make test creates .venv)"
  shots="$REPO/shots/binder-check"
  (cd "$SRC" && JUPYTER_PYTHON="$VPY" SCREENSHOT_DIR="$shots" "$DEV_PYTHON" -m pytest \
    tests/browser -q -o addopts="" -p no:cacheprovider) || fail "browser tests (screenshots: $shots)"
fi
end_step

# ---------------------------------------------------------------- summary
echo
echo "== timings"
printf '  %s\n' "${TIMES[@]}"
printf '  %6s s  total; venv %s; %d notebook(s); %d warning(s)\n' "$(since "$T_START")" \
  "$(du -sh "$VENV" | cut -f1)" "${#nbs[@]}" "$WARNINGS"
echo "Binder spec check PASSED ($SOURCE)"
