#!/usr/bin/env bash
# Backs up the PostgreSQL database DATABASE_URL names with pg_dump, in its custom format (compressed; pg_restore
# restores it whole or table by table). pg_dump reads one consistent snapshot while the servers keep running.
#
#   DATABASE_URL=postgres://… scripts/db-backup.sh [file]     (default: backups/piranha-<UTC time>.dump)
#
# The dump is written under a temporary name and renamed when complete, so a dump cut short (disk full, kill) is
# never taken for a backup. Prints the file's path. The embedded database (PGlite) is backed up by copying
# <DATA_DIR>/pglite while no server runs. docs/decisions/022-operating-it.md: keep dumps off the machine, and prove
# them with scripts/db-restore-drill.mjs.
set -euo pipefail

if [[ -z "${DATABASE_URL:-}" ]]; then
  echo "db-backup: DATABASE_URL must name the PostgreSQL database to back up" >&2
  exit 2
fi
out="${1:-backups/piranha-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$out")"
partial="$out.partial-$$"
trap 'rm -f "$partial"' EXIT
pg_dump --format=custom --no-owner --no-privileges --file="$partial" --dbname="$DATABASE_URL"
mv "$partial" "$out"
echo "$out"
