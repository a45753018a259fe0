import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { preparedSelect } from "../../src/db/prepared";
import { events } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";

const dir = mkdtempSync(join(tmpdir(), "nearbound-prepared-"));
const ctx = createContext(loadConfig({ "data-dir": dir }), { log: silentLogger });
afterAll(() => {
  ctx.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

test("rows come back as the table's rows: property names, JSON and booleans decoded, nulls kept", () => {
  const rows = [
    { id: "evt_1", workspaceId: "wsp_a", type: "person.created", data: { nested: [1, "two"] }, synthetic: true, webhookEndpointId: null, createdAt: 1 },
    { id: "evt_2", workspaceId: "wsp_a", type: "person.updated", data: "plain", synthetic: false, webhookEndpointId: "whe_1", createdAt: 2 },
  ];
  ctx.db.insert(events).values(rows).run();
  const q = preparedSelect<typeof events.$inferSelect>(ctx.db, "test.events", events, (from) =>
    from.where(eq(events.workspaceId, sql.placeholder("ws"))).orderBy(asc(events.id)).toSQL(),
  );
  // the same rows drizzle's own select gives
  expect(q.all({ ws: "wsp_a" })).toEqual(ctx.db.select().from(events).where(eq(events.workspaceId, "wsp_a")).orderBy(asc(events.id)).all());
  expect(q.all({ ws: "wsp_a" })).toEqual(rows);
  expect(q.get({ ws: "wsp_a" })).toEqual(rows[0]!);
  expect(q.get({ ws: "wsp_b" })).toBeUndefined();
  expect(q.all({ ws: "wsp_b" })).toEqual([]);
});
