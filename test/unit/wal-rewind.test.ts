// Under steady writes the checkpointer's passes never catch up with the last
// commit, so SQLite never rewinds the WAL on its own; past its bound the main
// connection does (src/db/threads.ts). Real SQLite, the real checkpointer thread.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/db/client";
import { DbThreads } from "../../src/db/threads";

const dirs: string[] = [];
const open: { db: Db; threads: DbThreads }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.threads.stop();
    o.db.$client.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const walBytes = (file: string) => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

test("the WAL is rewound past its bound while writes never stop", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nearbound-wal-"));
  dirs.push(dir);
  const file = join(dir, "db.sqlite");
  const db = openDatabase(file, { busyTimeoutMs: 0, serving: true });
  // the file is cut back to nothing when the WAL is rewound: its size shows the frames since
  db.$client.exec("PRAGMA journal_size_limit = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)");
  const rewindFrames = 256; // 1 MiB of 4 KiB pages
  const threads = new DbThreads(file, { main: db.$client, rewindFrames, checkpointEveryMs: 2 });
  open.push({ db, threads });
  threads.start();

  const insert = db.$client.prepare("INSERT INTO t (body) VALUES (?1)");
  const body = new Uint8Array(8192).fill(7); // two pages and more a commit
  // a commit every turn of the event loop until the WAL file shrinks once past the bound: rewound,
  // and cut back to nothing. A checkpoint pass may still catch up with the last commit now and then
  // while the WAL is small (SQLite then rewinds it by itself): that shrink is not the one looked for
  const bound = rewindFrames * 4096;
  let largest = 0;
  let rewound = false;
  let commits = 0;
  for (; commits < 8192 && !rewound; commits++) {
    insert.run(body);
    const bytes = walBytes(file);
    rewound = bytes < largest && largest > bound;
    largest = bytes < largest && !rewound ? bytes : Math.max(largest, bytes);
    await turn();
  }
  expect(rewound).toBe(true);
  expect(db.$client.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: commits });
  // past the bound, not before it
  expect(largest).toBeGreaterThan(bound);
});
