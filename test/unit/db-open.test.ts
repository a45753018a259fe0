// Opening the database waits for a lock another process holds (the busy
// timeout is set before the switch to WAL takes the lock), so two commands
// started at once on a fresh data directory both open it. A real second
// process holds the lock; real SQLite.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// holds an exclusive lock on a new file (rollback journal, as a file is before its first open) for a moment
const HOLDER = `
const { Database } = require("bun:sqlite");
const db = new Database(process.argv[1], { create: true });
db.exec("CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)");
process.stdout.write("locked\\n");
Bun.sleepSync(300);
db.exec("COMMIT");
db.close();
`;

for (const serving of [false, true]) {
  test(`a ${serving ? "serving process" : "CLI command"} opening a database another process has locked waits for it`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "nearbound-open-"));
    dirs.push(dir);
    const file = join(dir, "db.sqlite");
    const holder = Bun.spawn([process.execPath, "-e", HOLDER, file], { stdout: "pipe", stderr: "inherit" });
    const reader = holder.stdout.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("locked\n");

    const db = openDatabase(file, { busyTimeoutMs: 10_000, serving });
    expect(db.$client.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    // a serving process still never waits once open
    expect(db.$client.query("PRAGMA busy_timeout").get()).toEqual({ timeout: serving ? 0 : 10_000 });
    db.$client.close();
    expect(await holder.exited).toBe(0);
  });
}
