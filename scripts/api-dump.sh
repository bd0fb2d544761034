#!/usr/bin/env bash
# Regenerates api/<Product>.txt, the public API of each library product, from the symbol graph
# of the freshly built modules (swift-symbolgraph-extract, through PublicAPITests). Run it after
# changing what users import, and commit the api/ changes with the code.
set -euo pipefail
cd "$(dirname "$0")/.."
CUTOUT_API_DUMP=1 swift test --filter PublicAPITests
git status --short api/
