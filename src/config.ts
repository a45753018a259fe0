// The only reader of process.env. Flags beat variables beat defaults; an
// invalid value stops start-up with one line naming the setting.
import { hostname as osHostname } from "node:os";
import { resolve } from "node:path";

export interface HostPort {
  host: string;
  port: number;
}

export interface Config {
  dataDir: string;
  httpPort: number;
  smtpPort: number;
  host: string;
  baseUrl: string;
  docsUrl: string;
  hostname: string;
  dnsServers: HostPort[] | null;
  smtpRelay: HostPort | null;
  /** Connections at once to the smart host (NEARBOUND_SMTP_RELAY_CONNECTIONS). */
  smtpRelayConnections: number;
  /** Every outbound connection may reach loopback/private addresses (NEARBOUND_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  secretKey: string | null;
  rateLimit: { perSecond: number; burst: number };
  workerConcurrency: number;
  /** Port of the SMTP RCPT probe that verifies addresses (25; tests point it at a loopback peer). */
  smtpProbePort: number;
  /** How long a write waits for the database lock before answering 503. */
  dbBusyTimeoutMs: number;
  /** monthlyTokens: each workspace's AI budget per UTC month, snippets and classification together (NEARBOUND_AI_MONTHLY_TOKENS). */
  ai: { baseUrl: string | null; apiKey: string | null; model: string | null; monthlyTokens: number };
  /** The inbound SMTP listener (port: smtpPort). */
  smtpIn: {
    /** Largest message accepted, in bytes (SIZE; 552 above it): NEARBOUND_SMTP_MAX_SIZE. */
    maxSize: number;
    /** Connections open at once (NEARBOUND_SMTP_MAX_CLIENTS); more get 421. */
    maxClients: number;
    /** Connections open at once from one address (NEARBOUND_SMTP_MAX_PER_IP); more get 421. */
    maxPerIp: number;
    /** PEM files (NEARBOUND_TLS_CERT, NEARBOUND_TLS_KEY): STARTTLS is offered with them. */
    tls: { cert: string; key: string } | null;
  };
  mta: {
    /** Messages the MTA works on at once (NEARBOUND_MTA_CONCURRENCY). */
    concurrency: number;
    /** How long a message keeps being retried after 4xx answers before it fails (NEARBOUND_MTA_RETRY_HOURS). */
    retryHours: number;
    /** Port of receiving MX hosts (25; tests point it at a loopback peer: NEARBOUND_MTA_MX_PORT). */
    mxPort: number;
    /** A claimed message's lease, renewed while it is worked; a dead process's messages are rescued after it (NEARBOUND_MTA_LEASE_SECONDS). */
    leaseMs: number;
  };
}

export class ConfigError extends Error {}

type Source = { flags: Record<string, string | boolean>; env: Record<string, string | undefined> };

function pick(src: Source, envName: string, flag?: string): { value: string | undefined; name: string } {
  if (flag && src.flags[flag] !== undefined) return { value: String(src.flags[flag]), name: `--${flag}` };
  const v = src.env[envName];
  return { value: v === "" ? undefined : v, name: envName };
}

function port(src: Source, envName: string, flag: string | undefined, def: number, allowZero: boolean): number {
  const { value, name } = pick(src, envName, flag);
  if (value === undefined) return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1) || n > 65535) {
    throw new ConfigError(`${name}: "${value}" is not a port number (${allowZero ? 0 : 1}-65535)`);
  }
  return n;
}

function positiveInt(src: Source, envName: string, def: number): number {
  const { value, name } = pick(src, envName);
  if (value === undefined) return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name}: "${value}" is not a positive integer`);
  return n;
}

export function parseHostPort(value: string, defaultPort: number | null, name: string): HostPort {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+))(?::(\d{1,5}))?$/.exec(value.trim());
  const port = m?.[3] !== undefined ? Number(m[3]) : defaultPort;
  if (!m || port === null || port < 1 || port > 65535) {
    throw new ConfigError(`${name}: "${value}" is not host:port`);
  }
  return { host: (m[1] ?? m[2])!, port };
}

function url(value: string, name: string): string {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
    return value.replace(/\/+$/, "");
  } catch {
    throw new ConfigError(`${name}: "${value}" is not an http(s) URL`);
  }
}

function tlsFiles(src: Source): { cert: string; key: string } | null {
  const cert = pick(src, "NEARBOUND_TLS_CERT").value;
  const key = pick(src, "NEARBOUND_TLS_KEY").value;
  if (!cert && !key) return null;
  if (!cert || !key) throw new ConfigError(`${cert ? "NEARBOUND_TLS_KEY" : "NEARBOUND_TLS_CERT"}: required when ${cert ? "NEARBOUND_TLS_CERT" : "NEARBOUND_TLS_KEY"} is set`);
  return { cert: resolve(cert), key: resolve(key) };
}

export function loadConfig(flags: Record<string, string | boolean> = {}, env: Record<string, string | undefined> = process.env): Config {
  const src: Source = { flags, env };
  const httpPort = port(src, "NEARBOUND_HTTP_PORT", "port", 8080, true);
  const dataDir = resolve(pick(src, "NEARBOUND_DATA_DIR", "data-dir").value ?? "./data");
  const base = pick(src, "NEARBOUND_BASE_URL", "base-url");
  const baseUrl = base.value ? url(base.value, base.name) : `http://localhost:${httpPort}`;
  const docs = pick(src, "NEARBOUND_DOCS_URL");
  const dns = pick(src, "NEARBOUND_DNS_SERVERS");
  const relay = pick(src, "NEARBOUND_SMTP_RELAY");
  // NEARBOUND_ALLOW_PRIVATE_WEBHOOKS is the setting's older name, still read
  const allowPick = pick(src, "NEARBOUND_ALLOW_PRIVATE_TARGETS").value !== undefined ? pick(src, "NEARBOUND_ALLOW_PRIVATE_TARGETS") : pick(src, "NEARBOUND_ALLOW_PRIVATE_WEBHOOKS");
  const allow = allowPick.value;
  if (allow !== undefined && !["0", "1", "true", "false"].includes(allow)) {
    throw new ConfigError(`${allowPick.name}: "${allow}" must be 1 or 0`);
  }
  const ai = { baseUrl: pick(src, "NEARBOUND_AI_BASE_URL"), apiKey: pick(src, "NEARBOUND_AI_API_KEY"), model: pick(src, "NEARBOUND_AI_MODEL") };
  if (ai.baseUrl.value && !ai.model.value) throw new ConfigError("NEARBOUND_AI_MODEL: required when NEARBOUND_AI_BASE_URL is set");
  const secretKey = pick(src, "NEARBOUND_SECRET_KEY").value ?? null;
  if (secretKey !== null && secretKey.length < 32) {
    throw new ConfigError("NEARBOUND_SECRET_KEY: must be at least 32 characters");
  }
  const host = pick(src, "NEARBOUND_HOST", "host").value ?? "127.0.0.1";
  if (!/^[0-9A-Za-z.:-]+$/.test(host)) throw new ConfigError(`NEARBOUND_HOST: "${host}" is not an address`);
  return {
    dataDir,
    httpPort,
    smtpPort: port(src, "NEARBOUND_SMTP_PORT", "smtp-port", 2525, true),
    host,
    baseUrl,
    docsUrl: docs.value ? url(docs.value, docs.name) : `${baseUrl}/docs`,
    hostname: pick(src, "NEARBOUND_HOSTNAME").value ?? osHostname(),
    dnsServers: dns.value ? dns.value.split(",").map((s) => parseHostPort(s, 53, dns.name)) : null,
    smtpRelay: relay.value ? parseHostPort(relay.value, 25, relay.name) : null,
    smtpRelayConnections: positiveInt(src, "NEARBOUND_SMTP_RELAY_CONNECTIONS", 20),
    allowPrivateTargets: allow === "1" || allow === "true",
    secretKey,
    rateLimit: {
      perSecond: positiveInt(src, "NEARBOUND_RATE_LIMIT_PER_SECOND", 50),
      burst: positiveInt(src, "NEARBOUND_RATE_LIMIT_BURST", 200),
    },
    workerConcurrency: positiveInt(src, "NEARBOUND_WORKER_CONCURRENCY", 4),
    smtpProbePort: port(src, "NEARBOUND_SMTP_PROBE_PORT", undefined, 25, false),
    dbBusyTimeoutMs: positiveInt(src, "NEARBOUND_DB_BUSY_TIMEOUT_MS", 5000),
    ai: {
      baseUrl: ai.baseUrl.value ? url(ai.baseUrl.value, ai.baseUrl.name) : null,
      apiKey: ai.apiKey.value ?? null,
      model: ai.model.value ?? null,
      monthlyTokens: positiveInt(src, "NEARBOUND_AI_MONTHLY_TOKENS", 1_000_000),
    },
    smtpIn: {
      maxSize: positiveInt(src, "NEARBOUND_SMTP_MAX_SIZE", 25 * 1024 * 1024),
      maxClients: positiveInt(src, "NEARBOUND_SMTP_MAX_CLIENTS", 200),
      maxPerIp: positiveInt(src, "NEARBOUND_SMTP_MAX_PER_IP", 20),
      tls: tlsFiles(src),
    },
    mta: {
      concurrency: positiveInt(src, "NEARBOUND_MTA_CONCURRENCY", 64),
      retryHours: positiveInt(src, "NEARBOUND_MTA_RETRY_HOURS", 72),
      mxPort: port(src, "NEARBOUND_MTA_MX_PORT", undefined, 25, false),
      leaseMs: positiveInt(src, "NEARBOUND_MTA_LEASE_SECONDS", 60) * 1000,
    },
  };
}
