#!/usr/bin/env bash
# Runs a command on the current display, or under a private Xvfb server when there is none
# (CI, SSH sessions).
set -euo pipefail
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1400x1000x24" "$@"
