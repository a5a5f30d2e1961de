#!/usr/bin/env bash
# Builds once, then starts the server exactly as `npm start` does (embedded database, then
# PostgreSQL when TEST_DATABASE_URL is set), writes an account, restarts, and checks it survived.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${SMOKE_PORT:-3917}"
# Its own emulator port, so an app already running here in demo mode is left alone.
export AUTH_EMULATOR_PORT="${SMOKE_AUTH_EMULATOR_PORT:-9599}"
BASE="http://127.0.0.1:${PORT}"
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
  env PORT="$PORT" LOG_LEVEL=warn "$@" node dist/server/index.js &
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
    import { insertUser } from './dist/server/features/sessions/user-repository.js';
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

check_backend() {
  local label="$1"; shift
  start_server "$@"
  curl -sf "$BASE/api/health" | grep -q '"status":"ok"'
  # Demo mode: sign up on the emulator, verify by the mailbox link, exchange, call the API.
  npx tsx scripts/demo-sign-in-check.ts "$BASE"
  stop_server
  token=$(make_token "$@")
  start_server "$@"
  curl -sf -X POST "$BASE/api/account" -H "authorization: Bearer $token" \
    -H 'content-type: application/json' -d '{"title":"Smoke"}' >/dev/null
  stop_server
  start_server "$@"
  curl -sf "$BASE/api/account" -H "authorization: Bearer $token" | grep -q '"title":"Smoke"'
  stop_server
  echo "smoke ($label): health 200, an account written survived a restart"
}

npm run build >/dev/null
DATA_DIR=$(mktemp -d)
check_backend "embedded PGlite" DATA_DIR="$DATA_DIR"
rm -rf "$DATA_DIR"
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  db="et_smoke_$$"
  psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE $db"
  check_backend "PostgreSQL" DATABASE_URL="${TEST_DATABASE_URL%/*}/$db"
  psql "$TEST_DATABASE_URL" -qc "DROP DATABASE $db WITH (FORCE)"
fi
