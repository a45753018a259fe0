// What a tracking hit needs to know, read fast: the message a token names
// (kept in a bounded LRU once it was sent: those fields no longer change), the
// link a click token's index names (only a stored link of that message: never
// a URL from the request), and which links of the message were clicked in the
// last seconds (the "every link at once" scanner rule), kept in memory and
// bounded. Plain prepared statements: no query building per hit.
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { BURST_WINDOW_MS } from "./machine";

export interface TrackedMessage {
  id: string;
  workspaceId: string;
  personId: string | null;
  campaignId: string | null;
  stepId: string | null;
  variantId: string | null;
  /** The first `to` address: who the evidence is about. */
  recipient: string | null;
  sentAt: number | null;
  /** 1 when the message is `uncertain` (never cached: its sent_at is null): a hit proves it arrived. */
  uncertain: number;
  /** Distinct tracked links of the message. */
  links: number;
}

/** How many messages (and their recent clicks) are kept in memory. */
const CACHED_MESSAGES = 20_000;
const RECENT_MESSAGES = 20_000;

/** A Map in insertion order used as an LRU: a hit moves its key to the end, the oldest goes first. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(k: string): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "tracking.reads", () => ({
    message: db.prepare<Omit<TrackedMessage, "links">, [string]>(
      `SELECT id, workspace_id AS workspaceId, person_id AS personId, campaign_id AS campaignId, step_id AS stepId, variant_id AS variantId,
              sent_at AS sentAt, status = 'uncertain' AS uncertain, json_extract(recipients, '$[0].address') AS recipient
       FROM messages WHERE id = ?1`,
    ),
    links: db.prepare<{ n: number }, [string]>("SELECT count(*) AS n FROM tracked_links WHERE message_id = ?1"),
    link: db.prepare<{ url: string }, [string, number]>("SELECT url FROM tracked_links WHERE message_id = ?1 AND idx = ?2"),
  }));
}

export class HitState {
  private readonly messages = new Lru<TrackedMessage>(CACHED_MESSAGES);
  /** message id → (link index → last click time). */
  private readonly clicks = new Lru<Map<number, number>>(RECENT_MESSAGES);

  constructor(private readonly ctx: Ctx) {}

  /** The message a verified token names, or null when there is none (purged, or never written). */
  message(id: string): TrackedMessage | null {
    const cached = this.messages.get(id);
    if (cached) return cached;
    const s = statements(this.ctx);
    const row = s.message.get(id);
    if (!row) return null;
    const m: TrackedMessage = { ...row, links: s.links.get(id)!.n };
    // a message not yet sent gets its sent_at later: read again until then
    if (m.sentAt !== null) this.messages.set(id, m);
    return m;
  }

  /** The stored URL of the message's link `index`, or null (out of range). */
  link(messageId: string, index: number): string | null {
    return statements(this.ctx).link.get(messageId, index)?.url ?? null;
  }

  /** Distinct other links of the message clicked within the burst window before `at`; then notes this click. */
  noteClick(messageId: string, index: number, at: number): number {
    let recent = this.clicks.get(messageId);
    if (!recent) this.clicks.set(messageId, (recent = new Map()));
    let others = 0;
    for (const [i, t] of recent) {
      if (at - t > BURST_WINDOW_MS) recent.delete(i);
      else if (i !== index) others++;
    }
    recent.set(index, at);
    return others;
  }
}
