# syntax=docker/dockerfile:1
# The closed-loop App (the Probot server: webhooks, /healthz, /metrics). Build and run (docs/app.md):
#   docker build -t closed-loop-app .
#   docker run --env-file .env -e PRIVATE_KEY_PATH=/run/secrets/app-key \
#     -v "$PWD/closed-loop.private-key.pem:/run/secrets/app-key:ro" -p 3000:3000 closed-loop-app
# With Redis and PostgreSQL beside it: `docker compose up` (compose.yaml).

# 1. Build: the sources → the npm package (its bundles hold every dependency but better-sqlite3's native one).
FROM node:24-alpine AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No install scripts: the bundler's platform binary comes as a package, and the build is the next step.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm pack --ignore-scripts --pack-destination /tmp && mv /tmp/closed-loop-*.tgz /tmp/closed-loop.tgz

# 2. Run: the package alone, installed globally, as the unprivileged `node` user.
FROM node:24-alpine
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=build /tmp/closed-loop.tgz /tmp/closed-loop.tgz
# better-sqlite3 (the outcome history's SQLite) is the one native dependency: its prebuilt binary is fetched
# when there is one for this platform, else it is compiled with the build tools, removed afterwards.
RUN apk add --no-cache --virtual .build-tools python3 make g++ \
 && npm install --global --omit=dev --no-audit --no-fund /tmp/closed-loop.tgz \
 && apk del .build-tools \
 && rm /tmp/closed-loop.tgz \
 && npm cache clean --force
USER node
WORKDIR /home/node
EXPOSE 3000
# GET /healthz answers 200 while the process serves; Node's own fetch, so the image needs no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["closed-loop-app"]
