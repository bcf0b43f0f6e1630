#!/usr/bin/env bash
# A reliability figure (docs/quality.md): sqlmap (--level=5 --risk=3 --dbms=PostgreSQL)
# on every search and id parameter of the API: 0 injectable.
#
#   scripts/audit/sqlmap.sh           every parameter at level 5, risk 3 (the audit; tens of minutes)
#   scripts/audit/sqlmap.sh --quick   two parameters at level 1, risk 1 (for CI)
#
# Starts its own server with the demo data: on PostgreSQL when DATABASE_URL is set (a server's URL;
# a fresh database is created in it and dropped afterwards), otherwise on the embedded PGlite in a
# temporary folder. Signs in as the demo super user and runs sqlmap (Debian's package; installed with
# apt-get when missing and allowed) once per parameter, marking it with sqlmap's `*` injection mark,
# with the X-APP header and the bearer token. Prints each parameter's verdict and a summary; exits 1
# when a parameter is injectable or sqlmap could not conclude. SQLMAP_LOGS=dir keeps sqlmap's output.
set -euo pipefail

cd "$(dirname "$0")/../.."
# Run through npm (`npm run audit:sqlmap`), whose PATH puts the project's Node 24 first.

level=5
risk=3
quick=false
case "${1:-}" in
  --quick) level=1 risk=1 quick=true ;;
  '') ;;
  *)
    echo "usage: $0 [--quick]" >&2
    exit 2
    ;;
esac

if ! command -v sqlmap > /dev/null; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlmap > /dev/null
  else
    echo "sqlmap is not installed: apt-get install -y sqlmap" >&2
    exit 2
  fi
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/audit-sqlmap.XXXXXX")
logs="${SQLMAP_LOGS:-$work/logs}"
mkdir -p "$logs"
server_pid=''
database_name=''

# Runs a statement on the PostgreSQL server of DATABASE_URL (the project's own pg client).
admin_sql() {
  node --input-type=module -e "
    import pg from 'pg'
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try { await client.query(process.argv[1]) } finally { await client.end() }
  " "$1"
}

cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2> /dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  if [[ -n $database_name ]]; then
    admin_sql "drop database if exists \"$database_name\" with (force)" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

port=$(node -e "
  const server = require('node:net').createServer().listen(0, '127.0.0.1', () => {
    console.log(server.address().port)
    server.close()
  })")
base="http://127.0.0.1:$port/api/v1"

# sqlmap sends thousands of customer searches as one user: not throttled, or it would test the 429.
server_env=(PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" SEED_DEMO=true
  CUSTOMER_SEARCH_PER_MINUTE=none CUSTOMER_SEARCH_PER_HOUR=none
  JWT_SECRET="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))")")
if [[ -n ${DATABASE_URL:-} ]]; then
  database_name="sqlmap_audit_$(date +%s)_$$"
  admin_sql "create database \"$database_name\""
  database_url=$(node -e "
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = '/' + process.argv[1]
    console.log(url.href)" "$database_name")
  server_env+=(DATABASE_URL="$database_url")
  echo "Server on PostgreSQL, database $database_name"
else
  echo "Server on PGlite in $work/data"
fi
env -u DATABASE_URL "${server_env[@]}" node server/main.ts > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  if curl -fsS "$base/ready" > /dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2> /dev/null; then
    cat "$work/server.log" >&2
    exit 2
  fi
  sleep 0.5
done

headers=(-H 'X-APP: brand-expert-pwa' -H 'Language: en' -H 'Content-Type: application/json')
token=$(curl -fsS "${headers[@]}" -X POST "$base/user/login" \
  -d '{"email":"super@example.com","password":"Demo!2345"}' | jq -r .data.token)
auth=(-H "Authorization: Bearer $token")
get() { curl -fsS "${headers[@]}" "${auth[@]}" "$base$1"; }

# Ids that exist, so that each page answers 200 before sqlmap changes it.
voucher_id=$(get '/voucher/search?code=MGM-VALID-0001' | jq -r .data.id)
customer_id=$(get '/customer/search?query=' | jq -r '.data.rows[0].id')
store_id=$(get '/store/search?query=' | jq -r '.data.rows[0].id')
user_id=$(get '/user/search?query=' | jq -r '.data.rows[0].id')
trial_id=$(curl -fsS "${headers[@]}" "${auth[@]}" -X POST "$base/free-guided/form" \
  -d "{\"store_id\":$store_id,\"comment\":\"sqlmap audit\"}" | jq -r .data.id)
customer_name=$(get "/customer/$customer_id" | jq -r '.data.fullname | split(" ")[0] | @uri')

# name|URL with one `*` where sqlmap puts its payloads.
targets=(
  "GET /customer/search query|$base/customer/search?query=${customer_name}*&page=1"
  "GET /voucher/:id|$base/voucher/${voucher_id}*"
)
if [[ $quick == false ]]; then
  targets=(
    "GET /voucher/search code|$base/voucher/search?code=MGM-VALID-0001*"
    "GET /customer/search query|$base/customer/search?query=${customer_name}*&page=1"
    "GET /customer/search page|$base/customer/search?query=${customer_name}&page=1*"
    "GET /store/search query|$base/store/search?query=Trafika*&page=1"
    "GET /store/search page|$base/store/search?query=Trafika&page=1*"
    "GET /user/search query|$base/user/search?query=example*&page=1"
    "GET /user/search page|$base/user/search?query=example&page=1*"
    "GET /questionnaire/search page|$base/questionnaire/search?page=1*"
    "GET /questionnaire/search user|$base/questionnaire/search?user=${user_id}*"
    "GET /questionnaire/search startAt|$base/questionnaire/search?startAt=2020-01-01*"
    "GET /questionnaire/search endAt|$base/questionnaire/search?endAt=2099-12-31*"
    "GET /store/log page|$base/store/log?page=1*"
    "GET /store/log user|$base/store/log?user=${user_id}*"
    "GET /store/log store|$base/store/log?store=${store_id}*"
    "GET /store/log startAt|$base/store/log?startAt=2020-01-01*"
    "GET /store/log endAt|$base/store/log?endAt=2099-12-31*"
    "GET /packages/search query|$base/packages/search?type=HTS&query=a*"
    "GET /packages/search brandFamily|$base/packages/search?type=HTS&brandFamily=a*"
    "GET /internal-products/search query|$base/internal-products/search?type=Stick&query=a*"
    "GET /voucher/:id|$base/voucher/${voucher_id}*"
    "GET /voucher/code-log/:id|$base/voucher/code-log/${voucher_id}*"
    "GET /customer/:id|$base/customer/${customer_id}*"
    "GET /customer/:id/trials|$base/customer/${customer_id}*/trials"
    "GET /store/:id|$base/store/${store_id}*"
    "GET /user/:id|$base/user/${user_id}*"
    "GET /questionnaire/:id|$base/questionnaire/${trial_id}*"
  )
fi

echo "sqlmap $(sqlmap --version 2> /dev/null | head -1) at level $level, risk $risk on ${#targets[@]} parameters"
injectable=()
inconclusive=()
started=$(date +%s)
for target in "${targets[@]}"; do
  name=${target%%|*}
  url=${target#*|}
  log="$logs/$(echo "$name" | tr -c 'A-Za-z0-9' '_').txt"
  begun=$(date +%s)
  sqlmap -u "$url" --batch --level="$level" --risk="$risk" --dbms=PostgreSQL \
    --headers="X-APP: brand-expert-pwa
Language: en
Authorization: Bearer $token" \
    --flush-session --output-dir="$work/sqlmap" --disable-coloring > "$log" 2>&1 || true
  took=$(($(date +%s) - begun))
  if grep -q 'identified the following injection point' "$log"; then
    verdict='INJECTABLE'
    injectable+=("$name")
  elif grep -q 'do not appear to be injectable\|does not seem to be injectable' "$log"; then
    verdict='not injectable'
  else
    verdict='inconclusive'
    inconclusive+=("$name")
  fi
  printf '  %-40s %-15s %4ss\n' "$name" "$verdict" "$took"
  if [[ $verdict != 'not injectable' ]]; then
    grep -E 'CRITICAL|ERROR|Parameter:|Type:|Title:' "$log" | head -10 | sed 's/^/      /'
  fi
done

echo "sqlmap took $(($(date +%s) - started)) s on ${#targets[@]} parameters"
if ((${#inconclusive[@]} > 0)); then
  echo "${#inconclusive[@]} inconclusive: ${inconclusive[*]} (SQLMAP_LOGS=dir keeps sqlmap's output)"
fi
if ((${#injectable[@]} > 0)); then
  echo "${#injectable[@]} injectable: ${injectable[*]}"
  exit 1
fi
echo '0 injectable'
if ((${#inconclusive[@]} > 0)); then exit 1; fi
