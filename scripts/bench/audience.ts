// bench:audience — people lists, a segment-filtered page and a segment count
// over 100,000 people, through the full stack and through a bare Bun.serve
// running the same SQL by hand (the ceiling). Sequential requests on loopback;
// medians and p99 of 300 runs each. Run: bun scripts/bench/audience.ts
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { createContext } from "../../src/context";
import { silentLogger } from "../../src/lib/log";
import { newId } from "../../src/lib/ids";
import { createField } from "../../src/modules/audience/fields";
import { createGroup } from "../../src/modules/audience/groups";
import { createSegment } from "../../src/modules/audience/segments";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { Runtime, services } from "../../src/runtime";
import { HttpServer } from "../../src/server";
import { appendSection, median } from "./lib";

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-audience-"));
const ctx = createContext(
  loadConfig({ "data-dir": dataDir, port: "0" }, { NEARBOUND_RATE_LIMIT_PER_SECOND: "100000000", NEARBOUND_RATE_LIMIT_BURST: "100000000", NEARBOUND_SMTP_PORT: "0" }),
  { log: silentLogger },
);
const w = createWorkspace(ctx, { name: "bench" });
const ws = w.workspace.id;
createField(ctx, { workspaceId: ws, key: "seats", label: "Seats", type: "number" });
const group = createGroup(ctx, { workspaceId: ws, name: "Fair" });

// seed with raw statements: the bench measures reads, not the seeding
const sqlite = ctx.db.$client;
const insert = sqlite.prepare(
  "INSERT INTO people (id, workspace_id, email, email_key, email_domain, given_name, company, custom_fields, source, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'api', 'active', ?, ?)",
);
const member = sqlite.prepare("INSERT INTO person_groups (workspace_id, group_id, person_id, created_at) VALUES (?, ?, ?, ?)");
const now = Date.now();
const ids: string[] = [];
sqlite.transaction(() => {
  for (let i = 0; i < PEOPLE; i++) {
    const id = newId("per");
    ids.push(id);
    const domain = `d${i % 500}.example`;
    insert.run(id, ws, `p${i}@${domain}`, `p${i}@${domain}`, domain, `Name${i}`, i % 3 === 0 ? `Acme ${i % 50}` : `Other ${i % 70}`, JSON.stringify({ seats: i % 100 }), now, now);
    if (i % 5 === 0) member.run(ws, group.id, id, now);
  }
})();
sqlite.exec("ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)");
const filter = { all: [{ field: "company", op: "contains", value: "acme" }, { field: "custom.seats", op: "gte", value: 90 }] };
const segment = await createSegment(ctx, { workspaceId: ws, name: "Big Acme", filter });

const runtime = await new Runtime(services(ctx, { port: 0, logRequests: false })).start(["http"]);
const full = { url: runtime.get(HttpServer).url, stop: () => runtime.stop() };

// The ceiling: the same rows by hand-written SQL, no auth, validation or cursor signing.
const raw = new Database(join(dataDir, "nearbound.sqlite"), { readonly: true });
const q = {
  page: raw.prepare("SELECT * FROM people WHERE workspace_id = ? ORDER BY id DESC LIMIT 101"),
  one: raw.prepare("SELECT * FROM people WHERE workspace_id = ? AND id = ?"),
  groups: raw.prepare("SELECT group_id FROM person_groups WHERE person_id = ? AND workspace_id = ?"),
  segPage: raw.prepare(
    "SELECT * FROM people WHERE workspace_id = ? AND company LIKE '%acme%' AND json_extract(custom_fields, '$.seats') >= 90 ORDER BY id DESC LIMIT 101",
  ),
  segCount: raw.prepare(
    "SELECT count(*) AS n FROM (SELECT 1 FROM people WHERE workspace_id = ? AND company LIKE '%acme%' AND json_extract(custom_fields, '$.seats') >= 90 LIMIT 10001)",
  ),
};
const ser = (r: any) => ({ ...r, custom_fields: r.custom_fields && JSON.parse(r.custom_fields), created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString() });
const bare = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/v1/people") {
      const rows = (url.searchParams.has("segment_id") ? q.segPage : q.page).all(ws) as any[];
      return Response.json({ data: rows.slice(0, 100).map(ser), meta: { has_more: rows.length > 100 } });
    }
    if (url.pathname.startsWith("/v1/segments/")) return Response.json({ id: segment.id, filter, people_count: (q.segCount.get(ws) as any).n });
    const id = url.pathname.slice("/v1/people/".length);
    const row = q.one.get(ws, id);
    return row ? Response.json({ ...ser(row), group_ids: (q.groups.all(id, ws) as any[]).map((g) => g.group_id) }) : new Response("no", { status: 404 });
  },
});

async function time(base: string, path: string, token?: string): Promise<{ median: number; p99: number }> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const run = async () => {
    const t0 = performance.now();
    const r = await fetch(base + path, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await run();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) xs.push(await run());
  xs.sort((a, b) => a - b);
  return { median: median(xs), p99: xs[Math.floor(xs.length * 0.99)]! };
}

try {
  const cases: [string, string][] = [
    ["GET /v1/people/{id}", `/v1/people/${ids[PEOPLE >> 1]}`],
    ["GET /v1/people?limit=100", "/v1/people?limit=100"],
    ["GET /v1/people?limit=100&segment_id=…", `/v1/people?limit=100&segment_id=${segment.id}`],
    ["GET /v1/segments/{id} (count ≤ 10,000)", `/v1/segments/${segment.id}`],
  ];
  const lines = ["| request | bare median ms | bare p99 ms | Nearbound median ms | Nearbound p99 ms | ratio (median) |", "|---|---|---|---|---|---|"];
  for (const [name, path] of cases) {
    const b = await time(`http://127.0.0.1:${bare.port}`, path);
    const f = await time(full.url, path, w.apiKey);
    lines.push(`| ${name} | ${b.median.toFixed(2)} | ${b.p99.toFixed(2)} | ${f.median.toFixed(2)} | ${f.p99.toFixed(2)} | ${(f.median / b.median).toFixed(2)}× |`);
  }
  console.log(lines.join("\n"));
  appendSection(
    "Audience (scripts/bench/audience.ts)",
    `${PEOPLE.toLocaleString("en")} people in one workspace (a third at "Acme …", seats 0-99; the segment \`company contains acme AND custom.seats >= 90\` matches ${Math.round(PEOPLE / 30).toLocaleString("en")}), ${RUNS} sequential requests per row on loopback, nproc ${cpus().length}. Ceiling: a bare Bun.serve running hand-written SQL on the same file.\n\n${lines.join("\n")}`,
  );
} finally {
  bare.stop(true);
  await full.stop();
  raw.close();
  ctx.db.$client.close();
  rmSync(dataDir, { recursive: true, force: true });
}
