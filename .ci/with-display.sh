#!/usr/bin/env bash
# Runs a command on the current display, or under a private Xvfb server when there is none
# (CI, SSH sessions), XVFB_SCREEN in size (scale-2 screenshots need a larger one).
set -euo pipefail
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 ${XVFB_SCREEN:-1400x1000x24}" "$@"
