#!/usr/bin/env bash
# Regenerate the hash-pinned locks from the human-edited inputs:
#   requirements.txt      -> requirements.lock      (what the bot runs with)
#   requirements-dev.txt  -> requirements-dev.lock  (plus tests, lint, this tool)
#   requirements-pip.txt  -> requirements-pip.lock  (the installer itself)
# Run it after changing either input (e.g. after merging branches that added
# packages). Versions already in a lock are kept unless an input asks for
# another; pass --upgrade to move everything to the newest allowed versions.
# pip is left out of the first two (pinning it there would replace the
# installer while it runs): the README's commands install requirements-pip.lock
# first, in a step of its own, because a newer pip resolves the other locks in
# about half the CPU time of the venv's own (docs/performance.md, "CI time").
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
"$python" -m piptools compile --quiet --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-trusted-host --no-header --resolver=backtracking "$@" \
    --output-file requirements-pip.lock requirements-pip.txt
echo "wrote requirements.lock, requirements-dev.lock and requirements-pip.lock"
