#!/usr/bin/env bash
# Serves a directory of static files on 127.0.0.1 with nginx, for the content pipeline benchmarks.
#
#   nginx-source.sh start ROOT PORT   install nginx if missing (Debian's nginx-light), write a configuration for ROOT
#                                     and PORT into ROOT.nginx/, start nginx in the background
#   nginx-source.sh stop ROOT         stop the nginx started for ROOT
#   nginx-source.sh status ROOT       whether it runs, and on which port
#
# Environment: NGINX_WORKERS (worker processes, default 1: the 2-core benchmark machine shares its cores with the
# harvester). The configuration is what a static Source would use: sendfile, keep-alive without a request limit,
# no access log, an open-file cache.
set -euo pipefail

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
}

[ $# -ge 2 ] || usage
cmd=$1
root=$(realpath -m "$2")
state="$root.nginx"
pidfile="$state/nginx.pid"

find_nginx() {
  for n in "$(command -v nginx 2>/dev/null || true)" /usr/sbin/nginx /usr/local/sbin/nginx /usr/local/nginx/sbin/nginx; do
    if [ -n "$n" ] && [ -x "$n" ]; then
      echo "$n"
      return 0
    fi
  done
  return 1
}

install_nginx() {
  if find_nginx > /dev/null; then
    return
  fi
  if ! command -v apt-get > /dev/null; then
    echo "nginx is not installed and apt-get is not available: install nginx and run again" >&2
    exit 1
  fi
  echo "nginx not found: installing Debian's nginx-light with apt-get" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    sudo=sudo
  fi
  if ! apt-cache policy nginx-light 2> /dev/null | grep -q 'Candidate: [0-9]'; then
    $sudo apt-get update -q
  fi
  # the package's post-install script may start a system nginx on port 80: stop it, this script runs its own
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q nginx-light > /dev/null
  if command -v service > /dev/null; then
    $sudo service nginx stop > /dev/null 2>&1 || true
  fi
}

running() {
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2> /dev/null
}

case "$cmd" in
  start)
    [ $# -ge 3 ] || usage
    port=$3
    install_nginx
    nginx=$(find_nginx)
    if running; then
      echo "nginx already runs for $root (pid $(cat "$pidfile")); stop it first" >&2
      exit 1
    fi
    mkdir -p "$root" "$state"/{client_body,proxy,fastcgi,uwsgi,scgi}
    user_line=""
    if [ "$(id -u)" = 0 ]; then
      user_line="user root;"   # else the workers drop to nobody and may not read ROOT
    fi
    cat > "$state/nginx.conf" <<CONF
$user_line
worker_processes ${NGINX_WORKERS:-1};
worker_rlimit_nofile 65536;
pid $pidfile;
error_log $state/error.log warn;
events { worker_connections 4096; }
http {
  types { application/xml xml; text/plain txt; text/html html; application/octet-stream bin; }
  default_type application/xml;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  open_file_cache max=4000 inactive=60s;
  client_body_temp_path $state/client_body;
  proxy_temp_path $state/proxy;
  fastcgi_temp_path $state/fastcgi;
  uwsgi_temp_path $state/uwsgi;
  scgi_temp_path $state/scgi;
  server {
    listen 127.0.0.1:$port;
    root $root;
  }
}
CONF
    "$nginx" -p "$state" -c "$state/nginx.conf" -e "$state/error.log"
    for _ in $(seq 1 100); do
      if running && (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then
        echo "$($nginx -v 2>&1 | sed 's/nginx version: //') serves $root on http://127.0.0.1:$port/ (pid $(cat "$pidfile"), ${NGINX_WORKERS:-1} worker(s))"
        echo "$port" > "$state/port"
        exit 0
      fi
      sleep 0.1
    done
    echo "nginx did not start: $(cat "$state/error.log" 2> /dev/null)" >&2
    exit 1
    ;;
  stop)
    if running; then
      pid=$(cat "$pidfile")
      kill -TERM "$pid"
      for _ in $(seq 1 100); do
        kill -0 "$pid" 2> /dev/null || break
        sleep 0.1
      done
      echo "stopped nginx for $root"
    else
      echo "no nginx runs for $root"
    fi
    ;;
  status)
    if running; then
      echo "nginx runs for $root on port $(cat "$state/port" 2> /dev/null || echo '?') (pid $(cat "$pidfile"))"
    else
      echo "no nginx runs for $root"
      exit 1
    fi
    ;;
  *)
    usage
    ;;
esac
