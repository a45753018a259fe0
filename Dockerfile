# syntax=docker/dockerfile:1
# Nearbound in a container: the compiled single executable on a slim Debian,
# running as an unprivileged user with its data on the /data volume.
#
#   docker build -t nearbound .
#   docker run -d -p 8080:8080 -p 2525:2525 -v nearbound-data:/data nearbound
#   docker run --rm -v nearbound-data:/data nearbound workspace create --name Acme

# --- build: compile dist/nearbound with the project's pinned Bun -------------
FROM oven/bun:1.4.5 AS build
WORKDIR /src
# Dependencies first, so this layer is reused while only sources change.
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile --production
COPY tsconfig.json ./
COPY drizzle ./drizzle
COPY src ./src
COPY scripts/build.ts ./scripts/build.ts
RUN bun scripts/build.ts && ./dist/nearbound --help >/dev/null

# --- runtime: the binary alone ----------------------------------------------
FROM debian:bookworm-slim AS runtime
# curl for the HEALTHCHECK; ca-certificates for TLS to mail and webhook peers.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 nearbound \
 && useradd --system --uid 10001 --gid nearbound --home-dir /data --no-create-home --shell /usr/sbin/nologin nearbound \
 && mkdir -p /data \
 && chown nearbound:nearbound /data \
 && chmod 0700 /data
COPY --from=build /src/dist/nearbound /usr/local/bin/nearbound

ENV NEARBOUND_DATA_DIR=/data \
    NEARBOUND_HOST=0.0.0.0 \
    NEARBOUND_HTTP_PORT=8080 \
    NEARBOUND_SMTP_PORT=2525
VOLUME ["/data"]
WORKDIR /data
USER nearbound:nearbound
EXPOSE 8080 2525

HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${NEARBOUND_HTTP_PORT}/healthz" || exit 1

# serve stops gracefully on SIGTERM (docker stop) within 10 s, Docker's default grace.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/nearbound"]
CMD ["serve"]
