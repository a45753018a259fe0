// The `serve` command: start the runtime's services, stop them gracefully on SIGTERM/SIGINT.
import type { Config } from "./config";
import { createAppContext } from "./app-context";
import { databaseFile } from "./context";
import { migrate } from "./db/migrate";
import { errorFields } from "./lib/log";
import { Runtime, services, STOP_BUDGET_MS } from "./runtime";
import { HttpServer } from "./server";

/** Why the port cannot be listened on, or null: asked before anything is created or migrated. */
function portProblem(config: Config): string | null {
  try {
    Bun.serve({ hostname: config.host, port: config.httpPort, fetch: () => new Response() }).stop(true);
    return null;
  } catch (err) {
    const code = (err as { code?: string }).code;
    return code === "EADDRINUSE" ? "address already in use (is another serve running?)" : err instanceof Error ? err.message : String(err);
  }
}

// Receiving mail servers refuse an EHLO name that is not a fully qualified domain (RFC 5321 §4.1.4).
const isFqdn = (name: string) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(name) && !/\.(localhost|local|localdomain|internal|invalid|test)$/i.test(name);

export async function serve(config: Config): Promise<number> {
  const busy = config.httpPort !== 0 ? portProblem(config) : null;
  if (busy) {
    process.stderr.write(`nearbound: cannot listen on ${config.host}:${config.httpPort}: ${busy}\n`);
    return 1;
  }
  const ctx = createAppContext(config, { migrate: false, serving: true });
  // Logged so operators (and tests) see whether an upgrade changed the schema.
  ctx.log.info("database ready", { file: databaseFile(config.dataDir), migrations_applied: migrate(ctx.db) });
  if (!isFqdn(config.hostname)) {
    ctx.log.warn("NEARBOUND_HOSTNAME is not a fully qualified domain name: receiving mail servers refuse such EHLO names; set it to this host's public name", { hostname: config.hostname });
  }
  // whatever escapes a service is one JSON line, never a raw stack trace; an
  // exception nobody caught leaves the process in an unknown state: it exits
  // (the supervisor restarts it; leases and the outbox resume the work)
  process.on("unhandledRejection", (err) => ctx.log.error("unhandled rejection", errorFields(err)));
  process.on("uncaughtException", (err) => {
    ctx.log.error("uncaught exception; exiting", errorFields(err));
    process.exit(70); // the logger flushes on exit
  });
  let runtime: Runtime;
  try {
    runtime = await new Runtime(services(ctx)).start();
  } catch (err) {
    ctx.log.error("start-up failed", errorFields(err));
    ctx.db.$client.close();
    return 1;
  }
  ctx.log.info("listening", { url: runtime.get(HttpServer).url, data_dir: config.dataDir, base_url: config.baseUrl });
  await new Promise<void>((resolve) => {
    const onSignal = (signal: string) => {
      ctx.log.info("shutting down", { signal });
      const hard = setTimeout(() => {
        ctx.log.error(`shutdown took over ${(STOP_BUDGET_MS + 1500) / 1000} s; exiting`);
        process.exit(1);
      }, STOP_BUDGET_MS + 1500);
      runtime.stop().then(() => {
        clearTimeout(hard);
        ctx.db.$client.close();
        ctx.log.info("stopped");
        resolve();
      });
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  });
  return 0;
}
