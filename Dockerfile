# Shelfwise as a container image: the production web build and the server, run as an unprivileged user.
# Build: docker build -t shelfwise .   Run several behind a proxy: deploy/compose.yaml (README, "Deploying").

# 1. Everything needed to build: dev dependencies, Vite, the sources.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Electron is a dev dependency for the desktop app; its binary is never needed in a server image.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# 2. What runs: production dependencies, the built web app and the server's sources (tsx runs them).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/dist/web
WORKDIR /app
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist/web ./dist/web
COPY --from=build --chown=root:root /app/package.json /app/tsconfig.json /app/tsconfig.base.json ./
COPY --from=build --chown=root:root /app/server ./server
COPY --from=build --chown=root:root /app/shared ./shared
COPY --from=build --chown=root:root /app/scripts ./scripts
# The code belongs to root and is read-only for the server; only DATA_DIR is the server's to write.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
# Ready means: database reachable, migrations current, cache invalidation listening, not draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself: it drains (README, "Several instances"), then exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
