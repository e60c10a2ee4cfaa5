#!/usr/bin/env bash
# Regenerate the hash-pinned locks from the human-edited inputs:
#   requirements.txt      -> requirements.lock      (what the bot runs with)
#   requirements-dev.txt  -> requirements-dev.lock  (plus tests, lint, this tool)
# Run it after changing either input (e.g. after merging branches that added
# packages). Versions already in a lock are kept unless an input asks for
# another; pass --upgrade to move everything to the newest allowed versions.
# pip itself is left out (the venv brings it; pinning it would replace the
# installer while it runs).
#   scripts/lock.sh [--upgrade]
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-.venv/bin/python}"
"$python" -m piptools --version >/dev/null 2>&1 || "$python" -m pip install -q "$(grep '^pip-tools==' requirements-dev.txt)"
for name in requirements requirements-dev; do
    "$python" -m piptools compile --quiet --generate-hashes --unsafe-package pip --strip-extras \
        --no-emit-index-url --no-emit-trusted-host --no-header --resolver=backtracking "$@" \
        --output-file "$name.lock" "$name.txt"
done
echo "wrote requirements.lock and requirements-dev.lock"
