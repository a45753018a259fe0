// What every service, job and route receives: the edges of one running
// appliance, built here and nowhere else (DESIGN.md §4, "Edges on the
// context"). Tests build one per test file with a temporary database and a
// fake clock, and may swap any edge (resolver, AI provider…).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/client";
import { migrate } from "./db/migrate";
import { DbThreads } from "./db/threads";
import { Shaper } from "./mta/shaping";
import { createSmtpTransport } from "./mta/smtp-transport";
import type { Transport } from "./mta/transport";
import { openAiCompatible, type AiProvider } from "./lib/ai";
import { systemClock, type Clock } from "./lib/clock";
import type { Resolver } from "./lib/dns/api";
import { createCachingResolver, createResolver } from "./lib/dns/resolver";
import { EventBus, Topic } from "./lib/event-bus";
import { createLogger, type Logger } from "./lib/log";
import { createOutboundPolicy, type OutboundPolicy } from "./lib/net/outbound";
import { createSecretBox, loadSecretKey, type SecretBox } from "./lib/secrets";
import { EventWaiters } from "./lib/waiters";
import { webhookFanout } from "./modules/automation/webhooks/fanout";

export interface Ctx {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  secrets: SecretBox;
  /** Every DNS lookup (MX, DKIM, SPF, verification, webhook hosts): caching, over NEARBOUND_DNS_SERVERS. */
  dns: Resolver;
  /** Where outbound connections may go (webhooks, probes, MTA, mailboxes). */
  outbound: OutboundPolicy;
  /** How mail leaves: SMTP to MX hosts, the smart host or a mailbox's server (src/mta/transport.ts). */
  transport: Transport;
  /** The MTA's pace per receiving provider, learnt from its answers (src/mta/shaping.ts). */
  shaper: Shaper;
  /** News that a message may be due now (wakes the MTA worker). */
  messagesQueued: Topic;
  /** Reader threads for reads that may scan, and the WAL checkpointer (a service of the runtime). */
  readers: DbThreads;
  /** The OpenAI-compatible provider, or null when none is configured. */
  ai: AiProvider | null;
  /** Committed events: in-transaction hooks (webhook fan-out) and after-commit listeners. */
  events: EventBus;
  /** Long-polls parked until their workspace's next event. */
  waiters: EventWaiters;
  /** Published when a job was enqueued in this process: the runner claims at once. */
  jobsEnqueued: Topic;
  /** News that enrollments may be due now (enrolled, a campaign started): wakes the campaign scheduler. */
  campaignsDue: Topic;
  /** News that a connection was created, changed or archived: the IMAP reader reads its list of mailboxes again. */
  connectionsChanged: Topic;
  /** Aborted when the process begins shutting down (long-polls answer at once). */
  shutdown: AbortController;
}

/** The edges a test (or an embedding program) may provide instead of the defaults. */
export interface ContextOptions {
  clock?: Clock;
  log?: Logger;
  dns?: Resolver;
  ai?: AiProvider | null;
  transport?: Transport;
  migrate?: boolean;
  /**
   * A serving process never waits for the write lock on its thread (bun:sqlite's
   * busy timeout sleeps there, freezing every request): a busy database answers
   * at once and the HTTP layer retries asynchronously (server.ts). The CLI waits.
   */
  serving?: boolean;
}

/** Where the database of a data directory lives. */
export const databaseFile = (dataDir: string) => join(dataDir, "nearbound.sqlite");

export function createContext(config: Config, opts: ContextOptions = {}): Ctx {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(databaseFile(config.dataDir), { busyTimeoutMs: config.dbBusyTimeoutMs, serving: opts.serving });
  if (opts.migrate !== false) migrate(db);
  const clock = opts.clock ?? systemClock;
  const dns = opts.dns ?? createCachingResolver(createResolver({ servers: config.dnsServers }), { clock });
  const { ai } = config;
  const events = new EventBus();
  // every event gets its webhook deliveries in its own transaction
  events.onEventInTx(webhookFanout(db));
  const shutdown = new AbortController();
  const log = opts.log ?? createLogger();
  const shaper = new Shaper({ db, log });
  const ctx: Ctx = {
    config,
    db,
    clock,
    log,
    secrets: createSecretBox(loadSecretKey(config.dataDir, config.secretKey)),
    dns,
    outbound: createOutboundPolicy({ allowPrivate: config.allowPrivateTargets, resolver: dns, explicitHosts: config.smtpRelay ? [config.smtpRelay.host] : [] }),
    transport: opts.transport ?? createSmtpTransport({ hostname: config.hostname, log, shaper, clock, relayConnections: config.smtpRelayConnections }),
    shaper,
    messagesQueued: new Topic(),
    readers: new DbThreads(databaseFile(config.dataDir), { main: db.$client }),
    ai: opts.ai !== undefined ? opts.ai : ai.baseUrl && ai.model ? openAiCompatible({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model }) : null,
    events,
    waiters: new EventWaiters(events, shutdown.signal),
    jobsEnqueued: new Topic(),
    campaignsDue: new Topic(),
    connectionsChanged: new Topic(),
    shutdown,
  };
  return ctx;
}
