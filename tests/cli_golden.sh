#!/bin/sh
# Golden-image check of the examples as a test suite (see tests/golden.sh).
# Usage: sh tests/cli_golden.sh BUILD_DIR
exec sh tests/golden.sh "${1:-build}"
