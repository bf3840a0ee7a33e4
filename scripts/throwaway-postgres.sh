#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 from the installed binaries on a free loopback port and
# prints its URL. Stop it with: scripts/throwaway-postgres.sh stop <dir>
#   url=$(scripts/throwaway-postgres.sh start /tmp/pg) && TEST_DATABASE_URL=$url npm run test:db
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
cmd=${1:?start or stop}
dir=${2:?a directory for the cluster}

# PostgreSQL refuses to run as root; use its own account then.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_pg "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 >"$dir/initdb.log" 2>&1
    as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200" \
      start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop <dir>" >&2
    exit 2
    ;;
esac
