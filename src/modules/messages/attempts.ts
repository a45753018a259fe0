// Delivery attempts (att_): each try to hand a message to a server, written by
// the MTA (src/mta). Read here for exports; GET /v1/messages/{id} shows a
// message's latest ones.
import { and, gt, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { messageAttempts } from "../../db/schema";

export type AttemptRow = typeof messageAttempts.$inferSelect;

const reads = tableReads(messageAttempts);

export interface AttemptFilters {
  messageId?: string;
  /** Milliseconds: started strictly after. */
  startedAfter?: number;
  /** Milliseconds: started before. */
  startedBefore?: number;
}

export function listAttempts(ctx: Ctx, a: { workspaceId: string; filters: AttemptFilters; page: PageRequest }): Page<AttemptRow> | Promise<Page<AttemptRow>> {
  const f = a.filters;
  const filter = { workspaceId: a.workspaceId, equal: { messageId: f.messageId } };
  const where = and(
    f.startedAfter !== undefined ? gt(messageAttempts.startedAt, f.startedAfter) : undefined,
    f.startedBefore !== undefined ? lt(messageAttempts.startedAt, f.startedBefore) : undefined,
  );
  return where ? reads.scan(ctx.db, ctx.readers, { ...filter, where }, a.page) : reads.page(ctx.db, filter, a.page);
}
