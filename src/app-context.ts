// The context the appliance runs on: createContext's edges plus the domains'
// in-transaction hooks that would make context.ts import domain code (an
// import cycle): an enrollment follows its message in the message's own
// transaction (src/modules/campaigns/progress.ts). serve, the CLI, the tests'
// app and the benchmarks build their context here.
import type { Config } from "./config";
import { createContext, type ContextOptions, type Ctx } from "./context";
import { campaignProgress } from "./modules/campaigns/progress";

export function createAppContext(config: Config, opts: ContextOptions = {}): Ctx {
  const ctx = createContext(config, opts);
  ctx.events.onEventInTx(campaignProgress(ctx));
  return ctx;
}
