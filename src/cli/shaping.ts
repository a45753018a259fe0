// `nearbound shaping`: the MTA's traffic-shaping limits per receiving
// provider, as they stand (read-only; the MTA learns them from answers).
import type { Ctx } from "../context";
import { iso } from "../lib/clock";
import { listShapingRules, type ShapingRule } from "../mta/shaping";

/** One provider's rule as the command prints it (snake_case, ISO times, like API B). */
export function shapingRuleView(r: ShapingRule) {
  return {
    provider: r.provider,
    max_connections: r.maxConnections,
    messages_per_minute: r.messagesPerMinute,
    base_connections: r.baseConnections,
    base_messages_per_minute: r.baseMessagesPerMinute,
    cool_off_until: iso(r.coolOffUntil),
    clean_deliveries: r.cleanDeliveries,
    last_throttle: r.lastThrottle,
    updated_at: iso(r.updatedAt),
  };
}

/** Writes one JSON line per provider, in provider order. */
export function printShapingRules(ctx: Pick<Ctx, "db">, write: (line: string) => void = (l) => process.stdout.write(l)): void {
  for (const r of listShapingRules(ctx)) write(`${JSON.stringify(shapingRuleView(r))}\n`);
}
