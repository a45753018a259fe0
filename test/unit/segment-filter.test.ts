// The filter language on its own: pointers and codes of validation, and the
// compiled SQL run against a real (migrated) SQLite database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { openDatabase, type Db } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { people, personGroups } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import type { CustomField } from "../../src/modules/audience/custom-values";
import { compileSegmentFilter, filterValuesOf, validateSegmentFilter } from "../../src/modules/audience/segment-filter";

const WS = "wsp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
const OTHER = "wsp_0192f1c2a3b47c8d9e0f1a2b3c4d5e70";
const GROUP = "grp_0192f1c2a3b47c8d9e0f1a2b3c4d5e6f";
const field = (key: string, type: CustomField["type"], options: string[] | null = null): CustomField => ({
  id: newId("fld"),
  workspaceId: WS,
  key,
  label: key,
  type,
  options,
  createdAt: 0,
  updatedAt: 0,
});
const fields = new Map([field("seats", "number"), field("vip", "boolean"), field("tier", "enum", ["gold", "silver"]), field("note", "text"), field("renewal", "date")].map((f) => [f.key, f]));

let dir: string;
let db: Db;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "nearbound-segfilter-"));
  db = openDatabase(join(dir, "t.sqlite"));
  migrate(db);
  const row = (email: string, extra: Partial<typeof people.$inferInsert> = {}) => {
    const id = newId("per");
    db.insert(people).values({ id, workspaceId: WS, email, emailKey: email.toLowerCase(), emailDomain: email.split("@")[1]!, source: "api", status: "active", createdAt: 1000, updatedAt: 1000, ...extra }).run();
    return id;
  };
  const ann = row("Ann@a.example", { company: "Acme", score: 80, customFields: { seats: 10, vip: true, tier: "gold", note: "50% off_now" }, lastActivityAt: Date.parse("2026-03-01T00:00:00Z") });
  row("bob@b.example", { company: null, score: null, customFields: { seats: 2.5, vip: false }, emailSendable: false, telephones: ["+33123456789"] });
  row("cy@a.example", { company: "acme corp", status: "bounced", customFields: { renewal: "2026-12-31" }, emailSendable: true });
  db.insert(personGroups).values({ workspaceId: WS, groupId: GROUP, personId: ann, createdAt: 0 }).run();
  // another workspace's person matching everything: never counted
  db.insert(people).values({ id: newId("per"), workspaceId: OTHER, email: "ann@a.example", emailKey: "ann@a.example", emailDomain: "a.example", company: "Acme", source: "api", status: "active", createdAt: 0, updatedAt: 0 }).run();
  db.insert(personGroups).values({ workspaceId: OTHER, groupId: GROUP, personId: "per_x", createdAt: 0 }).run();
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

function match(filter: unknown): string[] {
  const cond = compileSegmentFilter(filter, { workspaceId: WS, fields });
  return db
    .select({ email: people.emailKey })
    .from(people)
    .where(and(eq(people.workspaceId, WS), cond))
    .orderBy(asc(people.emailKey))
    .all()
    .map((r) => r.email!);
}

const errorsOf = (filter: unknown) => validateSegmentFilter(filter, { fields }).errors.map((e) => [e.pointer, e.code]);

describe("compiled filters", () => {
  test.each([
    [{ field: "company", op: "eq", value: "Acme" }, ["ann@a.example"]],
    [{ field: "company", op: "neq", value: "Acme" }, ["bob@b.example", "cy@a.example"]],
    [{ field: "company", op: "nin", value: ["Acme", "acme corp"] }, ["bob@b.example"]],
    [{ field: "company", op: "in", value: ["Acme", "nobody"] }, ["ann@a.example"]],
    [{ field: "company", op: "contains", value: "ACME" }, ["ann@a.example", "cy@a.example"]],
    [{ field: "company", op: "exists", value: false }, ["bob@b.example"]],
    [{ not: { field: "company", op: "contains", value: "acme" } }, ["bob@b.example"]],
    [{ not: { field: "score", op: "gt", value: 50 } }, ["bob@b.example", "cy@a.example"]],
    [{ field: "score", op: "lte", value: 80 }, ["ann@a.example"]],
    [{ field: "email", op: "eq", value: "ANN@A.EXAMPLE" }, ["ann@a.example"]],
    [{ field: "email", op: "starts_with", value: "B" }, ["bob@b.example"]],
    [{ field: "email_domain", op: "eq", value: "A.Example" }, ["ann@a.example", "cy@a.example"]],
    [{ field: "email_sendable", op: "eq", value: false }, ["bob@b.example"]],
    [{ field: "email_sendable", op: "neq", value: true }, ["ann@a.example", "bob@b.example"]],
    [{ field: "telephone", op: "starts_with", value: "+33" }, ["bob@b.example"]],
    [{ field: "status", op: "nin", value: ["bounced"] }, ["ann@a.example", "bob@b.example"]],
    [{ field: "last_activity_at", op: "gte", value: "2026-03-01T01:00:00+01:00" }, ["ann@a.example"]],
    [{ field: "last_activity_at", op: "exists", value: false }, ["bob@b.example", "cy@a.example"]],
    [{ field: "custom.seats", op: "gt", value: 2 }, ["ann@a.example", "bob@b.example"]],
    [{ field: "custom.seats", op: "in", value: [2.5] }, ["bob@b.example"]],
    [{ field: "custom.vip", op: "eq", value: true }, ["ann@a.example"]],
    [{ field: "custom.vip", op: "neq", value: true }, ["bob@b.example", "cy@a.example"]],
    [{ field: "custom.tier", op: "exists" }, ["ann@a.example"]],
    [{ field: "custom.tier", op: "nin", value: ["gold"] }, ["bob@b.example", "cy@a.example"]],
    [{ not: { field: "custom.seats", op: "lt", value: 5 } }, ["ann@a.example", "cy@a.example"]],
    [{ field: "custom.note", op: "contains", value: "% off_" }, ["ann@a.example"]],
    [{ field: "custom.note", op: "contains", value: "0_o" }, []],
    [{ field: "custom.renewal", op: "gte", value: "2026-12-31" }, ["cy@a.example"]],
    [{ field: "group_id", op: "eq", value: GROUP }, ["ann@a.example"]],
    [{ field: "group_id", op: "neq", value: GROUP }, ["bob@b.example", "cy@a.example"]],
    [{ field: "group_id", op: "exists" }, ["ann@a.example"]],
    [{ all: [{ field: "company", op: "contains", value: "acme" }, { any: [{ field: "status", op: "eq", value: "bounced" }, { field: "score", op: "gt", value: 90 }] }] }, ["cy@a.example"]],
    [{ any: [] }, []],
    [{ all: [] }, ["ann@a.example", "bob@b.example", "cy@a.example"]],
  ])("%j", (filter, expected) => {
    expect(match(filter)).toEqual(expected);
  });

  test("values are bound parameters, never SQL text", () => {
    const evil = "x' OR 1=1; DROP TABLE people; --";
    const cond = compileSegmentFilter(
      { any: [{ field: "company", op: "eq", value: evil }, { field: "custom.note", op: "contains", value: evil }, { field: "email", op: "starts_with", value: evil }] },
      { workspaceId: WS, fields },
    );
    const q = db.select().from(people).where(cond).toSQL();
    expect(q.sql).not.toContain("DROP");
    expect(q.sql).not.toContain('$."note"');
    expect(q.params).toContain(evil);
    expect(q.params).toContain('$."note"');
    expect(match({ field: "company", op: "eq", value: evil })).toEqual([]);
  });
});

describe("validation", () => {
  test.each([
    [{ all: [{ field: "company", op: "eq", value: "x" }, { field: "nope", op: "eq", value: 1 }] }, [["/filter/all/1/field", "unknown"]]],
    [{ any: [{ not: { field: "company", op: "regex", value: "x" } }] }, [["/filter/any/0/not/op", "unknown"]]],
    [{ field: "custom.tier", op: "contains", value: "go" }, [["/filter/op", "invalid"]]],
    [{ field: "custom.tier", op: "eq", value: "bronze" }, [["/filter/value", "invalid"]]],
    [{ field: "custom.renewal", op: "eq", value: "2026-02-30" }, [["/filter/value", "format"]]],
    [{ field: "custom.Bad", op: "exists" }, [["/filter/field", "format"]]],
    [{ field: "custom.seats", op: "in", value: [] }, [["/filter/value", "length"]]],
    [{ field: "custom.seats", op: "in", value: Array.from({ length: 101 }, (_, i) => i) }, [["/filter/value", "length"]]],
    [{ field: "company", op: "contains", value: "" }, [["/filter/value", "length"]]],
    [{ field: "company", op: "exists", value: "yes" }, [["/filter/value", "type"]]],
    [{ field: "import_id", op: "eq", value: "imp_123" }, [["/filter/value", "format"]]],
    [{ field: "email", op: "eq", value: "not an address" }, [["/filter/value", "format"]]],
    [{ field: 3, op: 4 }, [["/filter/field", "type"], ["/filter/op", "unknown"]]],
    [{}, [["/filter/field", "required"], ["/filter/op", "required"]]],
    [{ "a/b": 1, field: "score", op: "exists" }, [["/filter/a~1b", "unknown"]]],
    ["status = 'active'", [["/filter", "type"]]],
    [{ field: "campaign_id", op: "eq", value: "not-a-campaign" }, [["/filter/value", "format"]]],
  ])("%j", (filter, expected) => {
    expect(errorsOf(filter)).toEqual(expected);
  });

  test("five levels of nesting and fifty conditions are the limits", () => {
    const nest = (levels: number): unknown => (levels === 0 ? { field: "score", op: "exists" } : { all: [nest(levels - 1)] });
    expect(errorsOf(nest(5))).toEqual([]);
    expect(errorsOf(nest(6))).toEqual([["/filter/all/0/all/0/all/0/all/0/all/0", "depth"]]);
    const many = (n: number) => ({ any: Array.from({ length: n }, () => ({ field: "score", op: "exists" })) });
    expect(errorsOf(many(50))).toEqual([]);
    expect(errorsOf(many(5000))).toEqual([["/filter/any/50", "length"]]);
  });

  test("errors are bounded", () => {
    const bad = { any: Array.from({ length: 50 }, () => ({ field: "x", op: "y", value: 1, z: 1 })) };
    expect(validateSegmentFilter(bad, { fields }).errors.length).toBe(50);
  });

  test("referenced custom fields and groups are reported", () => {
    const r = validateSegmentFilter({ all: [{ field: "custom.seats", op: "gt", value: 1 }, { field: "group_id", op: "in", value: [GROUP] }] }, { fields });
    expect(r.fieldKeys).toEqual(["seats"]);
    expect(r.groupIds).toEqual([{ id: GROUP, pointer: "/filter/all/1/value/0" }]);
  });

  test("filterValuesOf collects compared values", () => {
    const f = { all: [{ field: "custom.tier", op: "in", value: ["gold", "silver"] }, { not: { field: "custom.tier", op: "eq", value: "gold" } }, { field: "custom.tier", op: "exists" }] };
    expect(filterValuesOf(f, "custom.tier")).toEqual(["gold", "silver", "gold"]);
  });
});
