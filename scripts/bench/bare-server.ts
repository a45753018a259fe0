// The ceiling for bench:api: a bare Bun.serve answering each resource's point
// read and 100-item page from the same SQLite file with hand-written prepared
// statements and the same JSON body: no auth, no validation, no cursor
// signature check, no logging. With BARE_HEADERS=1 it also sends the headers
// every API answer carries (X-Request-Id, RateLimit-Policy, RateLimit, and the
// ETag of a versioned resource), so the two answers are the same bytes.
// Run: bun bare-server.ts FILE WORKSPACE PORT
import { Database } from "bun:sqlite";

const [file, workspaceId, port] = process.argv.slice(2) as [string, string, string];
const db = new Database(file, { readonly: true });
// the same page cache as the appliance (src/db/client.ts)
db.exec("PRAGMA cache_size = -32000");
const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
const json = (text: string | null) => (text == null ? null : JSON.parse(text));
// a cursor is "<base64url of the last key>.<mac>": the ceiling reads the key and skips the MAC
const after = (cursor: string | null) => (cursor ? Buffer.from(cursor.split(".")[0]!, "base64url").toString("utf8") : null);
const meta = (more: boolean) => ({ has_more: more, next_cursor: more ? "x" : null, total_count: null, total_count_capped: null });

type Row = Record<string, any>;
const SAME_HEADERS = process.env.BARE_HEADERS === "1";
/** The headers of the same answer: fresh per request, as the API's are. */
function headers(etag?: number): Record<string, string> | undefined {
  if (!SAME_HEADERS) return undefined;
  const h: Record<string, string> = { "x-request-id": `req_${crypto.randomUUID()}`, "ratelimit-policy": '"default";q=200;w=4', ratelimit: '"default";r=199;t=1' };
  if (etag !== undefined) h.etag = `"${etag}"`;
  return h;
}
interface Resource {
  one(id: string): unknown | null;
  page(cursor: string | null): unknown;
}

/** A resource keyed by its id: one row, or a page of 100 newest first. */
function simple(table: string, ser: (r: Row) => unknown, pageSer?: (rows: Row[]) => unknown[]): Resource {
  const one = db.prepare(`SELECT * FROM ${table} WHERE workspace_id = ? AND id = ?`);
  const first = db.prepare(`SELECT * FROM ${table} WHERE workspace_id = ? ORDER BY id DESC LIMIT 101`);
  const next = db.prepare(`SELECT * FROM ${table} WHERE workspace_id = ? AND id < ? ORDER BY id DESC LIMIT 101`);
  return {
    one(id) {
      const r = one.get(workspaceId, id) as Row | null;
      return r ? ser(r) : null;
    },
    page(cursor) {
      const a = after(cursor);
      const rows = (a ? next.all(workspaceId, a) : first.all(workspaceId)) as Row[];
      const more = rows.length > 100;
      const kept = rows.slice(0, 100);
      return { data: pageSer ? pageSer(kept) : kept.map(ser), meta: meta(more) };
    },
  };
}

const groupsOfOne = db.prepare("SELECT group_id FROM person_groups WHERE person_id = ? AND workspace_id = ? ORDER BY group_id");
const groupsOf = db.prepare("SELECT person_id, group_id FROM person_groups WHERE workspace_id = ? AND person_id IN (SELECT value FROM json_each(?)) ORDER BY person_id, group_id");
const personB = (p: Row, groupIds: string[]) => {
  const telephones = json(p.telephones) as string[] | null;
  const custom = json(p.custom_fields);
  return {
    id: p.id,
    object: "person",
    email: p.email,
    email_domain: p.email_domain,
    email_sendable: p.email_sendable == null ? null : p.email_sendable === 1,
    given_name: p.given_name,
    family_name: p.family_name,
    company: p.company,
    telephone: telephones?.[0] ?? null,
    telephones: telephones?.length ? telephones : null,
    timezone: p.timezone,
    custom_fields: custom && Object.keys(custom).length ? custom : null,
    private_notes: p.private_notes,
    score: p.score,
    source: p.source,
    status: p.status,
    import_id: p.import_id,
    group_ids: groupIds,
    archived_at: iso(p.archived_at),
    last_activity_at: iso(p.last_activity_at),
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
};
const peopleWithGroups = (rows: Row[]) => {
  const by = new Map<string, string[]>(rows.map((r) => [r.id, []]));
  for (const g of groupsOf.all(workspaceId, JSON.stringify(rows.map((r) => r.id))) as Row[]) by.get(g.person_id)!.push(g.group_id);
  return rows.map((r) => personB(r, by.get(r.id)!));
};

const countOne = db.prepare("SELECT count(*) AS n FROM person_groups WHERE group_id = ? AND workspace_id = ?");
const counts = db.prepare("SELECT group_id, count(*) AS n FROM person_groups WHERE workspace_id = ? AND group_id IN (SELECT value FROM json_each(?)) GROUP BY group_id");
const groupB = (g: Row, n: number) => ({ id: g.id, object: "group", name: g.name, description: g.description, people_count: n, created_at: iso(g.created_at), updated_at: iso(g.updated_at) });
const groupsWithCounts = (rows: Row[]) => {
  const by = new Map<string, number>(rows.map((r) => [r.id, 0]));
  for (const c of counts.all(workspaceId, JSON.stringify(rows.map((r) => r.id))) as Row[]) by.set(c.group_id, c.n);
  return rows.map((r) => groupB(r, by.get(r.id)!));
};

const eventB = (e: Row) => ({ id: e.id, object: "event", type: e.type, data: json(e.data), synthetic: e.synthetic === 1, webhook_endpoint_id: e.webhook_endpoint_id, created_at: iso(e.created_at) });

const deliveryB = (d: Row) => ({
  id: d.id,
  object: "webhook_delivery",
  event_id: d.event_id,
  event_type: d.event_type,
  webhook_endpoint_id: d.webhook_endpoint_id,
  state: d.state,
  attempts: d.attempts,
  next_attempt_at: d.state === "pending" ? iso(d.next_attempt_at) : null,
  delivered_at: iso(d.delivered_at),
  last_attempt:
    d.last_attempt_started_at == null
      ? null
      : { started_at: iso(d.last_attempt_started_at), duration_ms: d.last_attempt_duration_ms, response_status: d.last_attempt_status, response_excerpt: d.last_attempt_excerpt },
  created_at: iso(d.created_at),
});
// deliveries are listed by (event_id, id); the cursor carries both
const deliveryOne = db.prepare("SELECT * FROM webhook_deliveries WHERE workspace_id = ? AND id = ?");
const deliveryFirst = db.prepare("SELECT * FROM webhook_deliveries WHERE workspace_id = ? ORDER BY event_id DESC, id DESC LIMIT 101");
const deliveryNext = db.prepare(
  "SELECT * FROM webhook_deliveries WHERE workspace_id = ? AND (event_id, id) < (?, ?) ORDER BY event_id DESC, id DESC LIMIT 101",
);
const deliveries: Resource = {
  one(id) {
    const r = deliveryOne.get(workspaceId, id) as Row | null;
    return r ? deliveryB(r) : null;
  },
  page(cursor) {
    const a = after(cursor)?.split(" ");
    const rows = (a ? deliveryNext.all(workspaceId, a[0]!, a[1]!) : deliveryFirst.all(workspaceId)) as Row[];
    return { data: rows.slice(0, 100).map(deliveryB), meta: meta(rows.length > 100) };
  },
};

const quotaScopeB = (r: Row) => ({
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

const resources: Record<string, Resource> = {
  people: simple("people", (p) => personB(p, (groupsOfOne.all(p.id, workspaceId) as Row[]).map((g) => g.group_id)), peopleWithGroups),
  groups: simple("groups", (g) => groupB(g, (countOne.get(g.id, workspaceId) as Row).n), groupsWithCounts),
  events: simple("events", eventB),
  webhook_deliveries: deliveries,
  quota_scopes: simple("quota_scopes", quotaScopeB),
};

Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    const [, , name, id] = url.pathname.split("/");
    const r = resources[name!];
    if (!r) return new Response("not found", { status: 404 });
    if (!id) return Response.json(r.page(url.searchParams.get("cursor")), { headers: headers() });
    const body = r.one(id) as { version?: number } | null;
    return body ? Response.json(body, { headers: headers(body.version) }) : new Response("not found", { status: 404 });
  },
});
console.log("ready");
