// The ingest's lease store (jobs/lease.ts) over inbound_messages: `received`
// messages are claimed under a lease; a lapsed lease (the process died
// mid-ingest) makes the message claimable again. The ingest has no external
// effect, so running it again is safe; its record is written once (record.ts).
import type { Ctx } from "../context";
import { perLimit, preparedOnce, rowColumns } from "../db/prepared";
import { inboundMessages } from "../db/schema";
import type { InboundRow } from "./work";

/** The received messages no one holds, oldest first (off the partial index inbound_messages_state_idx). */
export const CLAIMABLE_SQL = "SELECT id FROM inbound_messages WHERE state = 'received' AND lease_owner IS NULL ORDER BY received_at";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "smtp-in.queue", () => {
    const { list, decode } = rowColumns<InboundRow>(inboundMessages);
    const claim = perLimit((limit) =>
      db.prepare<InboundRow, [string, number, number]>(
        `UPDATE inbound_messages SET lease_owner = ?1, lease_until = ?2 + ?3, attempts = attempts + 1, updated_at = ?2
          WHERE id IN (${CLAIMABLE_SQL} LIMIT ${limit})
          RETURNING ${list}`,
      ),
    );
    // the worker asks after every stored and every finished message: most asks find nothing, and a read says so without a write
    const any = db.prepare<{ one: number }, []>("SELECT 1 AS one FROM inbound_messages WHERE state = 'received' AND lease_owner IS NULL LIMIT 1");
    return {
      claim: (owner: string, now: number, leaseMs: number, limit: number) => {
        if (!any.get()) return [];
        const rows = claim(limit).all(owner, now, leaseMs);
        if (decode) for (const r of rows) decode(r);
        return rows;
      },
      renew: db.prepare<unknown, [string, string, number]>("UPDATE inbound_messages SET lease_until = ?3 WHERE id = ?1 AND lease_owner = ?2 AND state = 'received'"),
      rescue: db.prepare<unknown, [number]>("UPDATE inbound_messages SET lease_owner = NULL, lease_until = NULL WHERE state = 'received' AND lease_owner IS NOT NULL AND lease_until < ?1"),
      releaseAll: db.prepare<unknown, []>("UPDATE inbound_messages SET lease_owner = NULL, lease_until = NULL WHERE state = 'received' AND lease_owner IS NOT NULL"),
      raw: db.prepare<{ raw: Uint8Array }, [string]>("SELECT raw FROM inbound_message_raws WHERE id = ?1"),
    };
  });
}

export function claimInbound(ctx: Ctx, owner: string, limit: number, leaseMs: number): InboundRow[] {
  return statements(ctx).claim(owner, ctx.clock.now(), leaseMs, limit);
}

export function renewInbound(ctx: Ctx, owner: string, ids: string[], leaseMs: number): void {
  const s = statements(ctx);
  const until = ctx.clock.now() + leaseMs;
  ctx.db.transaction(() => {
    for (const id of ids) s.renew.run(id, owner, until);
  });
}

/** Messages whose ingest lease lapsed become claimable again; answers how many. */
export function rescueInbound(ctx: Ctx): number {
  return statements(ctx).rescue.run(ctx.clock.now()).changes;
}

/**
 * At start every lease on a received message is a dead process's (one serve
 * per data directory): released at once rather than after its lease. Were
 * another process still working one, its run is harmless: the record is
 * written once, by whoever holds the lease then (record.ts).
 */
export function releaseInbound(ctx: Ctx): number {
  return statements(ctx).releaseAll.run().changes;
}

export function rawOf(ctx: Ctx, id: string): Buffer | null {
  const r = statements(ctx).raw.get(id);
  return r ? Buffer.from(r.raw) : null;
}
