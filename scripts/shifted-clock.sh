#!/usr/bin/env bash
# The fast tier's unit and system tests again with every clock a year and a day ahead (libfaketime, Debian's
# `faketime`), so a test that compares a fixed calendar date with the real clock fails the run that adds it, not a run a
# month later. Usage: npm run test:shifted-clock [-- vitest args]; FAKETIME_SHIFT changes the shift (default +366d).
set -euo pipefail
shift_by="${FAKETIME_SHIFT:-+366d}"

if ! command -v faketime >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "test:shifted-clock: faketime is not installed (apt-get install faketime); CI needs it" >&2
    exit 1
  fi
  echo "test:shifted-clock: SKIPPED, faketime is not installed (apt-get install faketime); CI runs it" >&2
  exit 0
fi

# The shift must reach Node itself (a static or setuid binary would escape LD_PRELOAD): otherwise this run proves nothing.
real_ms=$(date +%s%3N)
if ! faketime -f "$shift_by" node -e 'process.exit(Date.now() - Number(process.argv[1]) > 86_400_000 ? 0 : 1)' "$real_ms"; then
  echo "test:shifted-clock: faketime did not move Node's clock ($shift_by); nothing was tested" >&2
  exit 1
fi
echo "test:shifted-clock: the clock reads $(faketime -f "$shift_by" date -u +%Y-%m-%dT%H:%M:%SZ) ($shift_by)" >&2
exec faketime -f "$shift_by" vitest run --project unit --project system "$@"
