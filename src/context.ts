// What every service, job and route receives: the injected edges (clock,
// logger, database, configuration) of one running appliance. Tests build one
// per test file with a temporary database and a fake clock.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/client";
import { migrate } from "./db/migrate";
import { systemClock, type Clock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/log";
import { createSecretBox, loadSecretKey, type SecretBox } from "./lib/secrets";
import { EventBus } from "./modules/events/bus";

export interface Ctx {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  secrets: SecretBox;
  bus: EventBus;
  /** Wakes the job runner when work was enqueued in-process. */
  wakeJobs: () => void;
  /** Aborted when the process begins shutting down (long-polls answer at once). */
  shutdown: AbortController;
}

/** Where the database of a data directory lives. */
export const databaseFile = (dataDir: string) => join(dataDir, "nearbound.sqlite");

export function createContext(config: Config, opts: { clock?: Clock; log?: Logger; migrate?: boolean } = {}): Ctx {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(databaseFile(config.dataDir), config.dbBusyTimeoutMs);
  if (opts.migrate !== false) migrate(db);
  return {
    config,
    db,
    clock: opts.clock ?? systemClock,
    log: opts.log ?? createLogger(),
    secrets: createSecretBox(loadSecretKey(config.dataDir, config.secretKey)),
    bus: new EventBus(),
    wakeJobs: () => {},
    shutdown: new AbortController(),
  };
}
