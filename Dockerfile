# syntax=docker/dockerfile:1
# Che Idioms: one image for the whole product (API, embedded identity provider, built SPA).
# See docs/deploy.md.

# --- build: install every workspace's dependencies, build the web app, compile the server --------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && rm -rf apps/web/src e2e bench .ci \
 && npm cache clean --force

# --- runtime: Debian slim, runs as the unprivileged node user. Speech needs no system package: --
# --- espeak-ng is the npm WASM build, run as a child process (decision 058) --------------------
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini=0.19* \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SHUTDOWN_DRAIN_MS=5000
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. Load balancers use /readyz (database, migrations, storage).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The server compiled to JavaScript by `npm run build` (scripts/build-server.mjs, decision 041).
CMD ["node", "--v8-pool-size=1", "--max-semi-space-size=4", "--heap-growing-percent=30", "apps/server/dist/main.js"]
