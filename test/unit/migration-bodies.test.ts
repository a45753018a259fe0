// Migration 0009 moves every message's html and text into message_bodies
// before it drops the two columns: a database of the release before keeps
// every message's content.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { embeddedMigrations } from "../../src/db/migrations.gen";

const run = (db: Database, sql: string) => {
  for (const statement of sql.split("--> statement-breakpoint")) if (statement.trim()) db.run(statement);
};

test("messages written before 0009 keep their html and text, now in message_bodies", () => {
  const db = new Database(":memory:");
  const at = embeddedMigrations.findIndex((m) => m.sql.includes("CREATE TABLE `message_bodies`"));
  expect(at).toBeGreaterThan(0);
  for (const m of embeddedMigrations.slice(0, at)) run(db, m.sql);

  // a row as the release before wrote it: every NOT NULL column given
  const columns = db.query<{ name: string; notnull: number; type: string }, []>("PRAGMA table_info(messages)").all();
  const insert = (id: string, html: string | null, text: string | null) => {
    const values: Record<string, string | number | null> = { id, workspace_id: "wsp_1", html, text };
    for (const c of columns) if (!(c.name in values) && c.notnull) values[c.name] = c.type === "integer" ? 0 : "x";
    const names = Object.keys(values);
    db.query(`INSERT INTO messages (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).run(...Object.values(values));
  };
  insert("msg_a", "<p>Hello</p>", "Hello");
  insert("msg_b", null, "Only text");

  run(db, embeddedMigrations[at]!.sql);
  expect(db.query("SELECT message_id, workspace_id, html, text FROM message_bodies ORDER BY message_id").all()).toEqual([
    { message_id: "msg_a", workspace_id: "wsp_1", html: "<p>Hello</p>", text: "Hello" },
    { message_id: "msg_b", workspace_id: "wsp_1", html: null, text: "Only text" },
  ]);
  const left = db.query<{ name: string }, []>("PRAGMA table_info(messages)").all().map((c) => c.name);
  expect(left).not.toContain("html");
  expect(left).not.toContain("text");
  expect(db.query("SELECT count(*) AS n FROM messages").get()).toEqual({ n: 2 });
});
