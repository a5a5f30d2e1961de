#!/usr/bin/env bash
# Builds once (unless SMOKE_BUILT says the tree is already built), then starts the server exactly
# as `npm start` does (embedded database, then PostgreSQL when TEST_DATABASE_URL is set), writes
# an account, restarts, and checks it survived; then starts it once more on Node.js 24 (installed
# from the npm registry into a cache outside the repository) and checks it answers and serves a
# signed-in call.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${SMOKE_PORT:-3917}"
# Its own emulator port, so an app already running here in demo mode is left alone.
export AUTH_EMULATOR_PORT="${SMOKE_AUTH_EMULATOR_PORT:-9599}"
BASE="http://127.0.0.1:${PORT}"
# The Node.js the server runs on (Node 24 for the last check).
NODE_BIN=node
NODE24_DIR="${SMOKE_NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/expense-tracker/node24}"
server_pid=""

stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  server_pid=""
}
trap stop_server EXIT

start_server() {
  # --demo: what `npm start` passes (demo mode unless a Firebase project is configured).
  env PORT="$PORT" LOG_LEVEL=warn "$@" "$NODE_BIN" dist/server/index.js --demo &
  server_pid=$!
  for _ in $(seq 1 180); do
    if curl -sf "$BASE/api/health" >/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "server did not answer /api/health" >&2
  return 1
}

# A session straight from the session service (no emulator round trip needed), made while the
# server is stopped because the embedded database admits one process at a time.
make_token() {
  env "$@" node --input-type=module -e "
    import { openDatabase } from './dist/server/db/connect.js';
    import { insertUser } from './dist/server/features/users/user-repository.js';
    import { createSession } from './dist/server/features/sessions/session-service.js';
    const url = process.env.DATABASE_URL;
    const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR });
    const user = await insertUser(database.db, { email: 'smoke@example.com' });
    const policy = { idleTimeoutSeconds: 600, maxAgeSeconds: 600 };
    const { token } = await createSession(database.db, user.id, 'password', policy, () => new Date());
    console.log(token);
    await database.close();
  "
}

# The demo account's uid on the Auth emulator: it must not change when the server restarts.
demo_uid() {
  curl -sf -X POST -H 'content-type: application/json' \
    "http://127.0.0.1:${AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key" \
    -d '{"email":"demo@expense-tracker.test","password":"demo-password","returnSecureToken":true}' |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).localId))'
}

check_backend() {
  local label="$1"; shift
  start_server "$@"
  curl -sf "$BASE/api/health" | grep -q '"status":"ok"'
  # Demo mode: sign up on the emulator, verify by the mailbox link, exchange, call the API.
  npx tsx scripts/demo-sign-in-check.ts "$BASE"
  local uid
  uid=$(demo_uid)
  stop_server
  token=$(make_token "$@")
  start_server "$@"
  curl -sf -X POST "$BASE/api/account" -H "authorization: Bearer $token" \
    -H 'content-type: application/json' -d '{"title":"Smoke"}' >/dev/null
  stop_server
  start_server "$@"
  curl -sf "$BASE/api/account" -H "authorization: Bearer $token" | grep -q '"title":"Smoke"'
  if [[ "$(demo_uid)" != "$uid" ]]; then
    echo "the demo account's uid changed across restarts" >&2
    return 1
  fi
  stop_server
  echo "smoke ($label): health 200, an account written and the demo identity survived restarts"
}

# Node.js 24 from the npm registry's `node` package, kept in a cache outside the repository.
node24() {
  local bin="$NODE24_DIR/node_modules/node/bin/node"
  if ! [[ -x "$bin" && "$("$bin" --version)" == v24.* ]]; then
    mkdir -p "$NODE24_DIR"
    npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund --ignore-scripts=false \
      node@24 >/dev/null
  fi
  "$bin" --version >/dev/null
  echo "$bin"
}

# CI runs this after `npm test`, which built this same tree moments before: SMOKE_BUILT=1 says
# so and skips a second build of about 20 s (docs/testing.md#ci-time). Anyone else gets a build.
if [[ -z "${SMOKE_BUILT:-}" ]]; then
  npm run build >/dev/null
elif ! [[ -f dist/server/index.js && -f dist/client/index.html ]]; then
  echo "SMOKE_BUILT is set but dist/ holds no build" >&2
  exit 1
fi
DATA_DIR=$(mktemp -d)
check_backend "embedded PGlite" DATA_DIR="$DATA_DIR"
rm -rf "$DATA_DIR"
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  db="et_smoke_$$"
  # Demo mode keeps its sign-in identities in DATA_DIR, also beside PostgreSQL.
  DATA_DIR=$(mktemp -d)
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE $db"
  check_backend "PostgreSQL" DATABASE_URL="${TEST_DATABASE_URL%/*}/$db" DATA_DIR="$DATA_DIR"
  psql "$TEST_DATABASE_URL" -qc "DROP DATABASE $db WITH (FORCE)"
  rm -rf "$DATA_DIR"
fi

NODE_BIN=$(node24)
DATA_DIR=$(mktemp -d)
start_server DATA_DIR="$DATA_DIR"
curl -sf "$BASE/api/health" | grep -q '"status":"ok"'
# A signed-in call: sign up on the emulator, verify, exchange, then GET /api/account.
npx tsx scripts/demo-sign-in-check.ts "$BASE"
stop_server
rm -rf "$DATA_DIR"
echo "smoke (Node.js $("$NODE_BIN" --version)): health 200, signed in, /api/account 200"
