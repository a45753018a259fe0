// setConnectionHealth on a real appliance (real SQLite, the fake clock): one
// connection.health_changed per change of status or detail, carrying the
// connection; a check that finds the same again only moves health_checked_at.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { connections, events } from "../../src/db/schema";
import { transact } from "../../src/modules/events/outbox";
import { setConnectionHealth, type HealthChange } from "../../src/modules/sending/connection-health";
import { createConnection } from "../../src/modules/sending/connections";
import { startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test("emits only when the status or the detail change; checked_at moves on every check", () => {
  const w = app.newWorkspace();
  const { connection } = createConnection(app.ctx, { workspaceId: w.id, kind: "managed", name: "MTA" });
  const set = (status: HealthChange["status"], detail: string | null) =>
    transact(app.ctx, (tx, outbox) => setConnectionHealth(app.ctx, tx, outbox, { workspaceId: w.id, connectionId: connection.id, status, detail }));
  const emitted = () =>
    app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.workspaceId, w.id), eq(events.type, "connection.health_changed")))
      .all()
      .map((e) => (e.data as { health: { status: string; detail: string | null } }).health);
  const row = () => app.ctx.db.select().from(connections).where(eq(connections.id, connection.id)).get()!;

  // created managed: healthy already
  expect(emitted()).toEqual([{ status: "healthy", detail: null, checked_at: expect.any(String) } as never]);
  app.clock.advance(1000);
  set("healthy", null);
  expect(emitted()).toHaveLength(1);
  expect(row().healthCheckedAt).toBe(app.clock.now());
  const updatedAt = row().updatedAt;

  app.clock.advance(1000);
  set("failing", "421 4.7.0 Try again later");
  set("failing", "421 4.7.0 Try again later");
  app.clock.advance(1000);
  set("failing", "454 4.7.0 Too many connections");
  expect(emitted().map((h) => [h.status, h.detail])).toEqual([
    ["healthy", null],
    ["failing", "421 4.7.0 Try again later"],
    ["failing", "454 4.7.0 Too many connections"],
  ]);
  expect(row()).toMatchObject({ healthStatus: "failing", healthDetail: "454 4.7.0 Too many connections", healthCheckedAt: app.clock.now() });
  expect(row().updatedAt).toBeGreaterThan(updatedAt);
});

test("an unknown connection is not_found and nothing is written", () => {
  const w = app.newWorkspace();
  expect(() =>
    transact(app.ctx, (tx, outbox) => setConnectionHealth(app.ctx, tx, outbox, { workspaceId: w.id, connectionId: "cnx_00000000000000000000000000000000", status: "healthy", detail: null })),
  ).toThrow("No such connection");
});
