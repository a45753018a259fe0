import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdCheckpoints } from "../../src/modules/audience/imports/bulk-load";

const dir = mkdtempSync(join(tmpdir(), "nearbound-bulk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const threshold = (db: Database) => db.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()!.wal_autocheckpoint;
const turn = () => new Promise((r) => setTimeout(r, 60)); // past the deferred restore

test("checkpoints stay off while any import holds them, and come back once after the last", async () => {
  const db = new Database(join(dir, "a.sqlite"));
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA wal_autocheckpoint = 500");
  const a = holdCheckpoints(db);
  const b = holdCheckpoints(db);
  expect(threshold(db)).toBe(0);
  a();
  a(); // releasing twice counts once
  await turn();
  expect(threshold(db)).toBe(0);
  b();
  const c = holdCheckpoints(db); // a new import before the deferred restore: stays held
  await turn();
  expect(threshold(db)).toBe(0);
  c();
  await turn();
  expect(threshold(db)).toBe(500);
  db.close();
});

test("a database closed before the deferred restore is left alone", async () => {
  const db = new Database(join(dir, "b.sqlite"));
  db.exec("PRAGMA journal_mode = WAL");
  holdCheckpoints(db)();
  db.close();
  await turn();
});
