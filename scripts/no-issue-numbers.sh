#!/usr/bin/env bash
# Code, tests and docs say what and why, never a tracker's issue number ('issue 29', '(issue 12)',
# 'Issues 5–8', '#29'): a number means nothing in a clone. Cite decisions.md §N for a decision.
# Fails, naming each line, on such a reference under the source and docs folders below (or under
# the paths given). `--self-test` plants references and clean lines in a temporary folder and
# checks that exactly the planted references are caught; `just test` runs both.
set -euo pipefail
cd "$(dirname "$0")/.."

# 'issue 29', 'Issue #29', 'issues 5–8'; '(#29)'; a lone '#29' between spaces or before punctuation
# (not in CSS, where '#333' is a colour).
words='\bissues?[[:space:]]*#?[0-9]+'
paren='\(#[0-9]+\)'
lone='(^|[[:space:]])#[0-9]{1,4}([[:space:]]|[.,:;)]|$)'

check() {
  # -I skips binary files; installed packages, builds and the generated wasm glue are not ours.
  local common=(-rnIE --exclude-dir=node_modules --exclude-dir=dist)
  local found
  found=$({
    grep "${common[@]}" -i "$words|$paren" "$@" || true
    grep "${common[@]}" --exclude='*.css' "$lone" "$@" || true
  } | grep -v '^webapp/src/wasm/' || true)
  if [ -n "$found" ]; then
    echo "$found"
    echo "A tracker issue number above: say what the code does and why (or cite decisions.md §N)." >&2
    return 1
  fi
}

if [ "${1:-}" = --self-test ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src"
  printf '%s\n' '// Coupons with rules (issue 29).' >"$tmp/src/a.rs"
  printf '%s\n' '/** Issue #12: the bag. */' >"$tmp/src/b.ts"
  printf '%s\n' 'Issues 5–8 landed.' >"$tmp/src/c.md"
  printf '%s\n' 'The fix (#41) and #30.' >"$tmp/src/d.md"
  printf '%s\n' '// The issuer 29 times; decisions.md §29; order #abc; tissue 3.' >"$tmp/src/clean.rs"
  printf '%s\n' '.x { color: #333; border: 1px solid #555 }' >"$tmp/src/clean.css"
  out=$(check "$tmp/src" 2>&1) && { echo "self-test: planted references not caught"; exit 1; }
  for planted in a.rs b.ts c.md d.md; do
    grep -q "$planted" <<<"$out" || { echo "self-test: $planted not caught:"; echo "$out"; exit 1; }
  done
  if grep -q clean <<<"$out"; then echo "self-test: a clean line was refused:"; echo "$out"; exit 1; fi
  rm "$tmp"/src/[abcd].*
  check "$tmp/src" || { echo "self-test: clean files refused"; exit 1; }
  echo "self-test: planted issue numbers caught, clean lines passed"
  exit 0
fi

if [ "$#" -eq 0 ]; then
  set -- api/src wasm-core/src photo/src webapp/src webapp/e2e docs README.md webapp/README.md
fi
check "$@"
