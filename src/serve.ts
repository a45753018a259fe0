// The `serve` command: start the runtime's services, stop them gracefully on SIGTERM/SIGINT.
import type { Config } from "./config";
import { createContext, databaseFile } from "./context";
import { migrate } from "./db/migrate";
import { Runtime, services, STOP_BUDGET_MS } from "./runtime";
import { HttpServer } from "./server";

export async function serve(config: Config): Promise<number> {
  const ctx = createContext(config, { migrate: false });
  // Logged so operators (and tests) see whether an upgrade changed the schema.
  ctx.log.info("database ready", { file: databaseFile(config.dataDir), migrations_applied: migrate(ctx.db) });
  const runtime = await new Runtime(services(ctx)).start();
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
