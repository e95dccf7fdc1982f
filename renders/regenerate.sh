#!/usr/bin/env bash
# Regenerates the reference pictures: every line `NAME: ARGS` of renders/*.txt becomes
# renders/NAME.png, drawn by `plateau render ARGS --out renders/NAME.png`.
# Uses $PLATEAU_BIN if set (e.g. target/debug/plateau), else builds the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${PLATEAU_BIN:-}" ]]; then
    cargo build --release --quiet
    PLATEAU_BIN=target/release/plateau
fi
count=0
failed=0
for list in renders/*.txt; do
    while IFS= read -r line || [[ -n "$line" ]]; do
        [[ -z "${line// }" || "$line" == \#* ]] && continue
        name="${line%%:*}"
        args="${line#*:}"
        # ARGS are shell words (quoted histories); eval splits them as a shell would.
        eval "set -- $args"
        if "$PLATEAU_BIN" render "$@" --out "renders/$name.png"; then
            echo "renders/$name.png"
            count=$((count + 1))
        else
            echo "renders/$name.png: FAILED ($list)" >&2
            failed=$((failed + 1))
        fi
    done < "$list"
done
echo "$count pictures regenerated, $failed failed"
[[ $failed -eq 0 ]]
