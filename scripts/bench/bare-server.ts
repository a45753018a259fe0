// The ceiling for bench:api: a bare Bun.serve answering the same rows from the
// same SQLite file with prepared statements, no auth, no validation, no logging.
import { Database } from "bun:sqlite";

const [file, workspaceId, port] = process.argv.slice(2) as [string, string, string];
const db = new Database(file, { readonly: true });
const one = db.prepare("SELECT * FROM quota_scopes WHERE workspace_id = ? AND id = ?");
const list = db.prepare("SELECT * FROM quota_scopes WHERE workspace_id = ? ORDER BY id DESC LIMIT 101");
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
// The same body the API answers, so the comparison is of everything around it.
const ser = (r: any) => ({
  id: r.id,
  object: "quota_scope",
  provider: r.provider,
  scope_key: r.scope_key,
  messages_per_day: r.messages_per_day,
  recipients_per_day: r.recipients_per_day,
  window_limit: r.window_limit,
  window_seconds: r.window_seconds,
  window_unit: r.window_unit,
  paused_until: iso(r.paused_until),
  paused_detail: r.paused_detail,
  webhook: null,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/v1/quota_scopes") {
      const rows = list.all(workspaceId) as any[];
      return Response.json({ data: rows.slice(0, 100).map(ser), meta: { has_more: rows.length > 100, next_cursor: null, total_count: null, total_count_capped: null } });
    }
    const row = one.get(workspaceId, path.slice("/v1/quota_scopes/".length));
    return row ? Response.json(ser(row)) : new Response("not found", { status: 404 });
  },
});
console.log("ready");
