// The event outbox: events commit or roll back with the change they describe;
// in-transaction hooks share that transaction; listeners hear only commits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { createContext, type Ctx } from "../../src/context";
import { events, jobs } from "../../src/db/schema";
import { enqueue } from "../../src/jobs/queue";
import { FakeClock } from "../../src/lib/clock";
import { newId } from "../../src/lib/ids";
import { silentLogger } from "../../src/lib/log";
import { transact, type EventRecord } from "../../src/modules/events/outbox";
import { tempDir } from "./proc";

let ctx: Ctx;
let dataDir: string;
const published: EventRecord[] = [];
beforeAll(() => {
  dataDir = tempDir("outbox");
  ctx = createContext(loadConfig({ "data-dir": dataDir }, {}), { clock: new FakeClock(), log: silentLogger });
  ctx.events.subscribe((e) => published.push(e));
});
afterAll(() => {
  ctx.db.$client.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const eventRows = (workspaceId: string) => ctx.db.select().from(events).where(eq(events.workspaceId, workspaceId)).all();
const jobRows = (workspaceId: string) => ctx.db.select().from(jobs).where(eq(jobs.workspaceId, workspaceId)).all();

describe("transact", () => {
  test("a committed change and its event land together; listeners hear it after commit", () => {
    const workspaceId = newId("wsp");
    let publishedDuringTx = -1;
    const event = transact(ctx, (tx, outbox) => {
      enqueue(ctx, tx, { workspaceId, kind: "test.noop" });
      const e = outbox.emit({ workspaceId, type: "test.changed", data: { n: 1 } });
      publishedDuringTx = published.filter((p) => p.workspaceId === workspaceId).length;
      return e;
    });
    expect(publishedDuringTx).toBe(0);
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), workspaceId, type: "test.changed", data: { n: 1 }, synthetic: false, webhookEndpointId: null, createdAt: ctx.clock.now() });
    expect(eventRows(workspaceId)).toEqual([event]);
    expect(jobRows(workspaceId)).toHaveLength(1);
    expect(published.filter((p) => p.workspaceId === workspaceId)).toEqual([event]);
  });

  test("a rolled-back change leaves no event and publishes nothing", () => {
    const workspaceId = newId("wsp");
    expect(() =>
      transact(ctx, (tx, outbox) => {
        enqueue(ctx, tx, { workspaceId, kind: "test.noop" });
        outbox.emit({ workspaceId, type: "test.changed", data: {} });
        throw new Error("the change failed after emitting");
      }),
    ).toThrow("the change failed after emitting");
    expect(eventRows(workspaceId)).toEqual([]);
    expect(jobRows(workspaceId)).toEqual([]);
    expect(published.filter((p) => p.workspaceId === workspaceId)).toEqual([]);
  });

  test("onEventInTx hooks run inside the writing transaction", () => {
    const seen: { visible: boolean; type: string }[] = [];
    // a hook sees the uncommitted event and writes its own rows in the same transaction
    ctx.events.onEventInTx((tx, e) => {
      if (!e.type.startsWith("hook.")) return;
      seen.push({ visible: tx.select().from(events).where(eq(events.id, e.id)).get() !== undefined, type: e.type });
      enqueue(ctx, tx, { workspaceId: e.workspaceId, kind: "test.deliver", args: { event_id: e.id } });
      if (e.type === "hook.refuse") throw new Error("hook refused");
    });

    const kept = newId("wsp");
    const e = transact(ctx, (_tx, outbox) => outbox.emit({ workspaceId: kept, type: "hook.kept", data: {} }));
    expect(jobRows(kept).map((j) => j.args)).toEqual([{ event_id: e.id }]);

    // the hook's writes roll back with the writer's
    const undone = newId("wsp");
    expect(() =>
      transact(ctx, (_tx, outbox) => {
        outbox.emit({ workspaceId: undone, type: "hook.undone", data: {} });
        throw new Error("rolled back");
      }),
    ).toThrow("rolled back");
    expect(eventRows(undone)).toEqual([]);
    expect(jobRows(undone)).toEqual([]);

    // a hook that throws aborts the writer's transaction: neither event nor change is kept
    const refused = newId("wsp");
    expect(() =>
      transact(ctx, (tx, outbox) => {
        enqueue(ctx, tx, { workspaceId: refused, kind: "test.noop" });
        outbox.emit({ workspaceId: refused, type: "hook.refuse", data: {} });
      }),
    ).toThrow("hook refused");
    expect(eventRows(refused)).toEqual([]);
    expect(jobRows(refused)).toEqual([]);
    expect(published.some((p) => p.workspaceId === refused)).toBe(false);
    expect(seen.every((s) => s.visible)).toBe(true);
    expect(seen.map((s) => s.type)).toEqual(["hook.kept", "hook.undone", "hook.refuse"]);
  });

  test("a listener that throws breaks neither the writer nor other listeners", () => {
    const workspaceId = newId("wsp");
    const heard: EventRecord[] = [];
    const unsubscribe = [
      ctx.events.subscribe(() => {
        throw new Error("listener bug");
      }),
      ctx.events.subscribe((e) => heard.push(e)),
    ];
    try {
      const e = transact(ctx, (_tx, outbox) => outbox.emit({ workspaceId, type: "test.changed", data: {} }));
      expect(eventRows(workspaceId)).toEqual([e]);
      expect(heard).toEqual([e]);
    } finally {
      unsubscribe.forEach((u) => u());
    }
  });
});
