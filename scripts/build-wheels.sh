#!/usr/bin/env bash
# Builds the release artefacts into OUT_DIR and checks them:
#   * one abi3 wheel for CPython 3.9+, tagged manylinux2014 (manylinux_2_17):
#     maturin links it with zig against glibc 2.17's symbols, so it installs on
#     any x86-64 Linux with glibc 2.17 or newer, whatever glibc built it;
#   * the sdist.
# Checks: `auditwheel show` must find the wheel consistent with manylinux_2_17
# (or an older policy), and LICENSE must be in both artefacts.
# The tools (maturin, ziglang, auditwheel) are the pins of the `build` extra in
# pyproject.toml, installed into ./.venv (made with $PYTHON if missing).
# Usage: scripts/build-wheels.sh OUT_DIR
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 OUT_DIR" >&2
    exit 2
fi
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
ROOT=$PWD
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
VPY=$ROOT/.venv/bin/python

# The pins live in one place, the `build` extra (pip would build the whole
# package to install ".[build]", so read the list instead).
mapfile -t TOOLS < <("$VPY" - <<'EOF'
import re
text = open("pyproject.toml", encoding="utf-8").read()
try:
    import tomllib
except ImportError:  # Python < 3.11: the list is simple enough to read directly
    body = re.search(r"^build\s*=\s*\[(.*?)^\]", text, re.S | re.M).group(1)
    tools = re.findall(r'"([^"]+)"', re.sub(r"#[^\n]*", "", body))
else:
    tools = tomllib.loads(text)["project"]["optional-dependencies"]["build"]
print("\n".join(tools))
EOF
)
if [ ${#TOOLS[@]} -eq 0 ]; then
    echo "build-wheels: no tools in the build extra of pyproject.toml" >&2
    exit 1
fi
"$VPY" -m pip install --quiet --disable-pip-version-check "${TOOLS[@]}"
# maturin looks for zig on PATH, or runs `python3 -m ziglang` (the venv's).
export PATH="$ROOT/.venv/bin:$PATH"

# Build into a scratch folder, and move into OUT_DIR only what passed.
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
maturin build --release --locked --zig --compatibility manylinux2014 --out "$STAGE"
maturin sdist --out "$STAGE"

shopt -s nullglob
WHEELS=("$STAGE"/*.whl)
SDISTS=("$STAGE"/*.tar.gz)
if [ ${#WHEELS[@]} -ne 1 ] || [ ${#SDISTS[@]} -ne 1 ]; then
    echo "build-wheels: expected one wheel and one sdist, got: $(ls "$STAGE")" >&2
    exit 1
fi
WHEEL=${WHEELS[0]}
SDIST=${SDISTS[0]}

case "$(basename "$WHEEL")" in
    *-cp39-abi3-*manylinux_2_17_x86_64*) ;;
    *)
        echo "build-wheels: $(basename "$WHEEL") is not a cp39-abi3 manylinux_2_17 wheel" >&2
        exit 1
        ;;
esac

# auditwheel wraps its prose at any width; read it with whitespace collapsed.
AUDIT=$(auditwheel show "$WHEEL")
echo "$AUDIT"
"$VPY" - "$AUDIT" <<'EOF'
import re
import sys

text = " ".join(sys.argv[1].split())
found = re.search(r'is consistent with the following platform tag: "([^"]+)"', text)
if found is None:
    sys.exit("build-wheels: no platform tag in the auditwheel output")
tag = found.group(1)
legacy = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}
policy = re.fullmatch(r"manylinux_(\d+)_(\d+)_x86_64", tag)
if policy is not None:
    glibc = (int(policy.group(1)), int(policy.group(2)))
else:
    glibc = legacy.get(tag.rsplit("_x86_64", 1)[0], (99, 99))
if glibc > (2, 17):
    sys.exit(f"build-wheels: auditwheel says {tag}, which is not manylinux2014 (glibc 2.17) compatible")
print(f"build-wheels: auditwheel: consistent with {tag} (glibc {glibc[0]}.{glibc[1]}): ok")
EOF

# The licence travels with both artefacts.
"$VPY" - "$WHEEL" "$SDIST" <<'EOF'
import sys
import tarfile
import zipfile

wheel, sdist = sys.argv[1:]
with zipfile.ZipFile(wheel) as whl:
    in_wheel = [n for n in whl.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
with tarfile.open(sdist) as tar:
    in_sdist = [n for n in tar.getnames() if n.count("/") == 1 and n.endswith("/LICENSE")]
if not in_wheel or not in_sdist:
    sys.exit(f"build-wheels: LICENSE missing (wheel: {in_wheel}, sdist: {in_sdist})")
print(f"build-wheels: LICENSE in the wheel ({in_wheel[0]}) and the sdist ({in_sdist[0]}): ok")
EOF

mv -f "$WHEEL" "$SDIST" "$OUT"/
echo "build-wheels: built in $OUT:"
ls -l "$OUT/$(basename "$WHEEL")" "$OUT/$(basename "$SDIST")"
