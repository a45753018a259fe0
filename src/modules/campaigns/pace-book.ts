// The pacing ledger (pacing.ts PaceBook) two ways: over the database for the
// scheduler (read lazily, written back in the tick's transaction), and in
// memory over it for the forecast (reads through, never writes).
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { dayName, type PaceBook } from "./pacing";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "campaigns.pace-book", () => ({
    nextSlot: db.prepare<{ next_send_at: number | null }, [string]>("SELECT next_send_at FROM connections WHERE id = ?1"),
    planned: db.prepare<{ planned: number }, [string, string]>("SELECT planned FROM pace_days WHERE key = ?1 AND day = ?2"),
    setNextSlot: db.prepare<unknown, [string, number]>("UPDATE connections SET next_send_at = max(coalesce(next_send_at, 0), ?2) WHERE id = ?1"),
    add: db.prepare<unknown, [string, string, number]>("INSERT INTO pace_days (key, day, planned) VALUES (?1, ?2, ?3) ON CONFLICT (key, day) DO UPDATE SET planned = planned + ?3"),
  }));
}

/** Reads through to the database once per key; keeps what planning reserves in memory. */
export class MemoryPaceBook implements PaceBook {
  protected slots = new Map<string, number>();
  /** key → UTC day number → messages planned */
  protected days = new Map<string, Map<number, number>>();

  constructor(protected readonly ctx: Ctx) {}

  nextSlot(connectionId: string): number {
    let at = this.slots.get(connectionId);
    if (at === undefined) this.slots.set(connectionId, (at = statements(this.ctx).nextSlot.get(connectionId)?.next_send_at ?? 0));
    return at;
  }

  setNextSlot(connectionId: string, at: number): void {
    this.slots.set(connectionId, at);
  }

  planned(key: string, day: number): number {
    let byDay = this.days.get(key);
    if (!byDay) this.days.set(key, (byDay = new Map()));
    let n = byDay.get(day);
    if (n === undefined) byDay.set(day, (n = statements(this.ctx).planned.get(key, dayName(day))?.planned ?? 0));
    return n;
  }

  add(key: string, day: number, n = 1): void {
    const planned = this.planned(key, day);
    this.days.get(key)!.set(day, planned + n);
  }
}

/** The scheduler's: what a tick reserved is written back with the messages it made. */
export class DbPaceBook extends MemoryPaceBook {
  private added = new Map<string, number>();
  private moved = new Set<string>();

  override setNextSlot(connectionId: string, at: number): void {
    super.setNextSlot(connectionId, at);
    this.moved.add(connectionId);
  }

  override add(key: string, day: number, n = 1): void {
    super.add(key, day, n);
    const k = `${key} ${day}`;
    this.added.set(k, (this.added.get(k) ?? 0) + n);
  }

  /** Writes the reservations (inside the tick's transaction). */
  flush(_tx: Tx): void {
    const s = statements(this.ctx);
    for (const id of this.moved) s.setNextSlot.run(id, this.slots.get(id)!);
    for (const [k, n] of this.added) {
      const [key, day] = k.split(" ") as [string, string];
      s.add.run(key, dayName(Number(day)), n);
    }
    this.moved.clear();
    this.added.clear();
  }
}
