# Expense Tracker: production image.
#   docker build -t expense-tracker .
#   docker run -p 3000:3000 -v expense-data:/data expense-tracker
# Node 24 is the Active LTS line; pin further (e.g. --build-arg NODE_VERSION=24.12) if you need to.
ARG NODE_VERSION=24

# --- build: every dependency, then the client (dist/client) and the server (dist/server, dist/shared)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency needs its install scripts (npm 11 skips them by default; this makes it explicit).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the build output and the SQL migrations, nothing else
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package.json also marks dist/ as ES modules ("type": "module").
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The server finds dist/client and migrations/ relative to dist/server (src/server/lib/paths.ts).
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
# The embedded database (used when DATABASE_URL is unset) lives here; the app files stay root-owned.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, then finishes in-flight requests and exits.
CMD ["node", "dist/server/index.js"]
