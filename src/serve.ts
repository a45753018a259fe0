// The `serve` command: start everything, stop gracefully on SIGTERM/SIGINT.
import type { Config } from "./config";
import { createContext, databaseFile } from "./context";
import { migrate } from "./db/migrate";
import { startServer } from "./server";

export async function serve(config: Config): Promise<number> {
  const ctx = createContext(config, { migrate: false });
  // Logged so operators (and tests) see whether an upgrade changed the schema.
  ctx.log.info("database ready", { file: databaseFile(config.dataDir), migrations_applied: migrate(ctx.db) });
  const running = startServer(ctx);
  ctx.log.info("listening", { url: running.url, data_dir: config.dataDir, base_url: config.baseUrl });
  await new Promise<void>((resolve) => {
    const onSignal = (signal: string) => {
      ctx.log.info("shutting down", { signal });
      const hard = setTimeout(() => {
        ctx.log.error("shutdown took over 9.5 s; exiting");
        process.exit(1);
      }, 9500);
      running.stop().then(() => {
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
