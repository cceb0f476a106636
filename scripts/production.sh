#!/usr/bin/env bash
# One machine's production set-up (issue 33, docs/deploy.md): N arbitro processes on
# PostgreSQL, sharing Redis, behind nginx (Debian's packages: postgresql, redis-server, nginx).
#
#   ARBITRO_DATABASE_URL=postgresql+psycopg://app@127.0.0.1/arbitro \
#   ARBITRO_REDIS_URL=redis://127.0.0.1:6379/0 \
#   bash scripts/production.sh [PROCESSES (default: nproc)] [PORT (default: 8080)]
#
# The store's migrations run first, once (python -m arbitro.web.factory migrate); then each
# process is what a worker of `arbitro serve --workers` runs
# (arbitro.web.factory:app_from_environment: LISTEN/NOTIFY between them), on 127.0.0.1 only;
# nginx (config written from scripts/nginx-arbitro.conf.template into $ARBITRO_PRODUCTION_DIR,
# default /var/lib/arbitro/production) balances them, upgrades WebSockets and writes
# X-Forwarded-For. A process that ends is started again (nginx meanwhile sends its requests to
# the others). Ctrl-C (or SIGTERM) stops nginx and every process it started.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
processes="${1:-$(nproc)}"
port="${2:-8080}"
dir="${ARBITRO_PRODUCTION_DIR:-/var/lib/arbitro/production}"
python="${ARBITRO_PYTHON:-$here/../.venv/bin/python}"
case "${ARBITRO_DATABASE_URL:-}" in
  postgresql*) ;;
  *) echo "ARBITRO_DATABASE_URL must name a PostgreSQL database (docs/workers.md)" >&2; exit 2 ;;
esac
if [ -z "${ARBITRO_REDIS_URL:-}" ]; then
  echo "ARBITRO_REDIS_URL must name the Redis the processes share (docs/workers.md)" >&2
  exit 2
fi
mkdir -p "$dir"
# The store's migrations, once, before the processes (each would otherwise wait for the first
# one's lock on a fresh or older database); it says so, or the script stops here.
"$python" -m arbitro.web.factory migrate
export ARBITRO_TRUST_PROXY=1
pids=()
stop() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait; }
trap stop EXIT INT TERM
# Each process is watched: one that ends (a crash, SIGKILL, the OOM killer) is started again a
# second later, on the same port, while nginx sends its requests to the others (the phones
# connect again through nginx); its pid is in $dir/process-N.pid. Only nginx's end ends the
# script (and every process with it).
supervise() {
  local i="$1" p="$2" child=""
  trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait; exit 0' TERM INT
  while true; do
    "$python" -m uvicorn arbitro.web.factory:app_from_environment --factory \
      --host 127.0.0.1 --port "$p" --proxy-headers --forwarded-allow-ips 127.0.0.1 &
    child="$!"
    echo "$child" > "$dir/process-$i.pid"
    status=0
    wait "$child" || status=$?
    echo "arbitro process $i (port $p) ended ($status): starting it again" >&2
    sleep 1
  done
}
upstreams=""
base=$((port + 1))
for i in $(seq 0 $((processes - 1))); do
  p=$((base + i))
  supervise "$i" "$p" &
  pids+=("$!")
  upstreams+="        server 127.0.0.1:$p max_fails=1 fail_timeout=5s;"$'\n'
done
sed -e "s#@DIR@#$dir#g" -e "s#@LISTEN@#$port#g" "$here/nginx-arbitro.conf.template" \
  | awk -v ups="$upstreams" '{ if ($0 == "@UPSTREAMS@") printf "%s", ups; else print }' \
  > "$dir/nginx.conf"
nginx -c "$dir/nginx.conf" &
nginx_pid="$!"
pids+=("$nginx_pid")
wait "$nginx_pid"
