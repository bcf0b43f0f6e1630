# The API and the PWA in one image: docs/deploy.md. scripts/deploy/assemble-image.ts builds the same file
# set without Docker from the last stage's ENV, COPY and CMD lines, and its test starts it: keep
# those lines to the simple forms it reads (one source and one destination per COPY).

# The build: the PWA (its sign-in page is drawn in Chromium at build time) and the compiled
# translation catalogs the server imports.
FROM node:24-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The packages the server runs on, without the build's and the tests' tools.
FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# What runs: Node runs the server's TypeScript itself, so the sources are the program.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SEED_DEMO=false
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY package.json package.json
COPY server server
COPY src/contract src/contract
COPY --from=build /app/src/locales src/locales
COPY --from=build /app/dist dist
# pg_dump and pg_restore for backups of PostgreSQL (docs/backups.md), also on a schedule: Debian's
# client dumps servers up to its own version (15 in bookworm); a newer server needs the PostgreSQL
# project's packages here instead.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
# Mail files (without SMTP_URL) and the generated JWT secret (without JWT_SECRET) go here.
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--max-semi-space-size=32", "server/main.ts"]
