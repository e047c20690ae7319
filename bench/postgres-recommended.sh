#!/usr/bin/env bash
# Applies docs/performance.md's recommended server configuration to the PostgreSQL on this machine
# (a Debian cluster: pg_ctlcluster), or takes it back with --reset. For a machine that runs the
# benchmarks or the club itself, not for a shared one: it restarts the server and, as root, reserves
# huge pages in the kernel.
#
# Why huge pages: every PostgreSQL backend maps shared_buffers and pays a page fault the first time
# it touches each 4 kB page of it. At 1 M resumes a search reads a few thousand buffers, so a
# session's first searches cost 50–90 ms more than the same searches a moment later (measured: one
# statement, 88 ms in a new session, 13 ms in the next run). With 2 MB pages that cost is gone.
#
#   bash bench/postgres-recommended.sh            # apply (shared_buffers 2 GB, huge pages, …)
#   bash bench/postgres-recommended.sh --reset    # the server's defaults again
#
# Env: PGHOST (127.0.0.1), PGUSER (postgres), SHARED_BUFFERS_MB (2048).
set -euo pipefail

export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}"
SHARED_BUFFERS_MB="${SHARED_BUFFERS_MB:-2048}"
cluster_version="$(ls /etc/postgresql | sort -V | tail -1)"

restart() {
  pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main restart
  for _ in $(seq 1 30); do psql -qtAc 'select 1' postgres >/dev/null 2>&1 && return 0; sleep 1; done
  echo "PostgreSQL did not come back after the restart" >&2
  return 1
}

settings=(shared_buffers huge_pages effective_cache_size maintenance_work_mem
  autovacuum_vacuum_scale_factor autovacuum_analyze_scale_factor)

if [[ "${1:-}" == "--reset" ]]; then
  for name in "${settings[@]}"; do psql -qc "alter system reset $name" postgres; done
  # Before the restart: the pages the server holds go back to the kernel when it stops, and the
  # restarted server (huge_pages = try by default) finds none to take.
  if [[ -w /proc/sys/vm/nr_hugepages ]]; then echo 0 > /proc/sys/vm/nr_hugepages; fi
  restart
  echo "PostgreSQL $cluster_version: server defaults again (shared_buffers $(psql -qtAc 'show shared_buffers' postgres))"
  exit 0
fi

# Huge pages for shared_buffers plus the rest of PostgreSQL's shared memory (~5 %, rounded up).
page_kb="$(awk '/^Hugepagesize:/ {print $2}' /proc/meminfo)"
pages=$(( (SHARED_BUFFERS_MB * 1024 * 105 / 100) / page_kb + 16 ))
if [[ -w /proc/sys/vm/nr_hugepages ]]; then
  echo "$pages" > /proc/sys/vm/nr_hugepages
  echo "vm.nr_hugepages = $(cat /proc/sys/vm/nr_hugepages) (asked $pages)"
else
  echo "cannot set vm.nr_hugepages here (not root?): PostgreSQL falls back to 4 kB pages" >&2
fi

# `try`, not `on`: after a reboot the kernel has no huge pages reserved until this runs again, and
# the server must still start.
psql -q postgres <<SQL
alter system set shared_buffers = '${SHARED_BUFFERS_MB}MB';
alter system set huge_pages = 'try';
alter system set effective_cache_size = '6GB';
alter system set maintenance_work_mem = '512MB';
alter system set autovacuum_vacuum_scale_factor = 0.02;
alter system set autovacuum_analyze_scale_factor = 0.01;
SQL
restart
reserved="$(awk '/^HugePages_Rsvd:/ {r=$2} /^HugePages_Total:/ {t=$2} /^HugePages_Free:/ {f=$2} END {print t - f + r}' /proc/meminfo)"
echo "PostgreSQL $cluster_version: shared_buffers $(psql -qtAc 'show shared_buffers' postgres), huge pages in use or reserved: $reserved"
