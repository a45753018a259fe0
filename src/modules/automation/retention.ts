// Retention: events and their finished deliveries are kept 30 days after the
// event was created. A delivery still pending is kept until it finishes, and
// its event with it (the attempt needs the payload). Run hourly (periodic.ts).
import type { Ctx } from "../../context";

export const RETENTION_MS = 30 * 86_400_000;
const CHUNK = 5_000;

const PURGE_DELIVERIES = `DELETE FROM webhook_deliveries WHERE id IN
  (SELECT id FROM webhook_deliveries WHERE event_created_at < ?1 AND state <> 'pending' LIMIT ?2)`;
const PURGE_EVENTS = `DELETE FROM events WHERE id IN
  (SELECT e.id FROM events e WHERE e.created_at < ?1
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id) LIMIT ?2)`;

/** Deletes in chunks so no single write holds the database for long; returns what it removed. */
export function purgeAutomation(ctx: Ctx): { deliveries: number; events: number } {
  const cutoff = ctx.clock.now() - RETENTION_MS;
  const drain = (statement: string) => {
    const stmt = ctx.db.$client.prepare(statement);
    let total = 0;
    for (;;) {
      const n = stmt.run(cutoff, CHUNK).changes;
      total += n;
      if (n < CHUNK) return total;
    }
  };
  return { deliveries: drain(PURGE_DELIVERIES), events: drain(PURGE_EVENTS) };
}
