// The ceiling of bench:tracking: a bare Bun.serve on the same SQLite file that
// answers the pixel (the same 43-byte GIF) and the redirect (the message's
// first link, read by primary key) and inserts one delivery_events row per hit
// — the same insert with the same time-ordered ids, batched per event-loop
// turn as Nearbound batches its hits — with no token check, machine rules,
// event, webhook fan-out or person update.
// Run by scripts/bench/tracking.ts: bun bare-tracking.ts <db> <port>
import { Database } from "bun:sqlite";
import { newId } from "../../src/lib/ids";

const [file, port] = [process.argv[2]!, Number(process.argv[3])];
const db = new Database(file);
db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -32000");
const GIF = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
const message = db.prepare<{ workspace_id: string; person_id: string | null }, [string]>("SELECT workspace_id, person_id FROM messages WHERE id = ?1");
const link = db.prepare<{ url: string }, [string]>("SELECT url FROM tracked_links WHERE message_id = ?1 AND idx = 0");
const insert = db.prepare(
  "INSERT INTO delivery_events (id, workspace_id, message_id, person_id, type, url, machine, detail, occurred_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8, ?8)",
);
let pending: unknown[][] = [];
const flush = db.transaction((rows: unknown[][]) => {
  for (const r of rows) insert.run(...(r as never[]));
});
const record = (row: unknown[]) => {
  pending.push(row);
  if (pending.length === 1)
    setImmediate(() => {
      const rows = pending;
      pending = [];
      flush(rows);
    });
};

Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(req) {
    const path = new URL(req.url).pathname;
    const id = path.slice(3); // /o/<msg id> or /c/<msg id>
    const m = message.get(id);
    if (!m) return new Response("not found", { status: 404 });
    const now = Date.now();
    const ua = req.headers.get("user-agent");
    if (path[1] === "o") {
      record([newId("dev"), m.workspace_id, id, m.person_id, "opened", null, ua, now]);
      return new Response(GIF, { headers: { "content-type": "image/gif", "cache-control": "no-store, no-cache, must-revalidate, max-age=0" } });
    }
    const url = link.get(id)!.url;
    record([newId("dev"), m.workspace_id, id, m.person_id, "clicked", url, ua, now]);
    return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
  },
});
