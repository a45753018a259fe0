// Applies one batch of import rows in one IMMEDIATE transaction: existing
// people are looked up by address in bulk, new ones inserted with time-ordered
// ids, changed ones updated, and the batch's counts, problems and resume point
// committed with them, so a resumed job neither loses nor repeats a row.
// Prepared statements on the raw client: this is the import's hot path.
import type { Database, Statement } from "bun:sqlite";
import type { Ctx } from "../../../context";
import type { ImportSource } from "../../../db/schema";
import { JobInterrupted } from "../../../jobs/types";
import { isId, newId } from "../../../lib/ids";
import type { CustomField } from "../custom-values";
import { PERSON_LIMITS } from "../person-input";
import { checkFields, checkGroups, type ValidRow } from "./check";
import { decodeBatch, type WireBatch } from "./batch-wire";
import type { Problem, SourceRow } from "./rows";

export interface ImportTarget {
  id: string;
  workspaceId: string;
  source: ImportSource;
  groupId: string | null;
  /** The resume point the import's record holds now. */
  line: number;
}

export interface BatchResult {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  suppressed: number;
  problems: number;
}

/** A person as the batch sees it: columns compared to decide updated vs skipped. */
interface PersonState {
  id: string;
  givenName: string | null;
  familyName: string | null;
  company: string | null;
  timezone: string | null;
  privateNotes: string | null;
  telephones: string[] | null;
  /** undefined: not parsed from customJson yet. */
  customFields: Record<string, unknown> | null | undefined;
  telephonesJson: string | null;
  customJson: string | null;
  /** Set while the person waits for the batch's insert: its address and place in the list. */
  fresh?: { email: string; emailKey: string; emailDomain: string; at: number };
}

interface ExistingRow {
  id: string;
  emailKey: string;
  givenName: string | null;
  familyName: string | null;
  company: string | null;
  telephones: string | null;
  timezone: string | null;
  customFields: string | null;
  privateNotes: string | null;
}

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
const INSERT_ROWS = 50; // 16 values a row: 800 variables, well under SQLite's limit

export class BatchApplier {
  private readonly db: Database;
  private readonly lookup: Statement<ExistingRow, [string, string]>;
  private readonly insertOne: Statement;
  private readonly insertMany: Statement;
  private readonly update: Statement;
  private readonly addMember: Statement;
  private readonly problemBase: Statement<{ n: number }, [string, string]>;
  private readonly addProblem: Statement;
  private readonly commitImport: Statement<{ id: string }>;
  private readonly anySuppression: Statement<{ one: number }, [string]>;
  private readonly suppressedIn: Statement<{ k: string }, [string, string, string]>;
  private readonly checks: CheckOptions;
  private readonly personSource: "csv_import" | "api";
  private line: number;

  constructor(
    private readonly ctx: Ctx,
    private readonly target: ImportTarget,
    fields: Map<string, CustomField>,
  ) {
    this.db = ctx.db.$client;
    this.line = target.line;
    this.personSource = target.source === "csv" ? "csv_import" : "api";
    this.lookup = this.db.prepare(
      `SELECT id, email_key AS emailKey, given_name AS givenName, family_name AS familyName, company, telephones, timezone,
              custom_fields AS customFields, private_notes AS privateNotes
         FROM people WHERE workspace_id = ? AND email_key IN (SELECT value FROM json_each(?))`,
    );
    // Many rows per statement: ~15% less insert time than one row per statement.
    const insert = (rows: number) =>
      this.db.prepare(
        `INSERT INTO people (id, workspace_id, email, email_key, email_domain, given_name, family_name, company, telephones, timezone,
                             custom_fields, private_notes, source, status, import_id, created_at, updated_at)
         VALUES ${Array(rows).fill("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?)").join(", ")}`,
      );
    this.insertOne = insert(1);
    this.insertMany = insert(INSERT_ROWS);
    this.update = this.db.prepare(
      `UPDATE people SET given_name = ?, family_name = ?, company = ?, telephones = ?, timezone = ?, custom_fields = ?, private_notes = ?, updated_at = ?
        WHERE workspace_id = ? AND id = ?`,
    );
    // The EXISTS guard: a group deleted while the import runs gets no new members.
    this.addMember = this.db.prepare(
      `INSERT OR IGNORE INTO person_groups (workspace_id, group_id, person_id, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM groups WHERE workspace_id = ?1 AND id = ?2)`,
    );
    this.problemBase = this.db.prepare(`SELECT problem_count AS n FROM imports WHERE workspace_id = ? AND id = ?`);
    this.addProblem = this.db.prepare(
      `INSERT INTO import_problems (workspace_id, import_id, seq, "row", "column", code, detail) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.commitImport = this.db.prepare(
      `UPDATE imports SET line = ?, created = created + ?, updated = updated + ?, skipped = skipped + ?, failed = failed + ?,
              suppressed = suppressed + ?, problem_count = problem_count + ?, updated_at = ?
        WHERE workspace_id = ? AND id = ? AND status = 'running' AND line = ? RETURNING id`,
    );
    // suppressions.ts' suppressedAmong answers the same but parses every address again:
    // the batch holds them normalised already (saves ~0.4 s per 100,000 rows).
    this.anySuppression = this.db.prepare(`SELECT 1 AS one FROM suppressions WHERE workspace_id = ? LIMIT 1`);
    this.suppressedIn = this.db.prepare(
      `SELECT email_key AS k FROM suppressions WHERE workspace_id = ?1 AND email_key IN (SELECT value FROM json_each(?2))
       UNION ALL
       SELECT domain AS k FROM suppressions WHERE workspace_id = ?1 AND domain IN (SELECT value FROM json_each(?3))`,
    );
    this.checks = { fields, fromText: target.source === "csv", isGroup: groupLookup(ctx, target.workspaceId) };
  }

  /**
   * Checks and applies `rows`, records `extra` problems (the header's), and
   * moves the import's resume point to `line`. Throws when the import is no
   * longer running, which rolls the batch back.
   */
  apply(rows: SourceRow[], line: number, extra: Problem[] = []): BatchResult {
    const problems: Problem[] = [...extra];
    const valid: ValidRow[] = [];
    let failed = 0;
    for (const row of rows) {
      const r = checkRow(row, this.checks);
      if ("valid" in r) {
        valid.push(r.valid);
        problems.push(...r.warnings);
      } else {
        problems.push(...r.problems);
        failed++;
      }
    }
    return this.commit(valid, problems, failed, line);
  }

  /** The same for a batch the import's worker checked already (import-worker.ts): only group ids are left to check. */
  applyChecked(batch: WireBatch, groupColumn: string): BatchResult {
    const { valid, problems, failed } = decodeBatch(batch, this.checks, groupColumn);
    return this.commit(valid, problems, failed, batch.line);
  }

  private commit(valid: ValidRow[], problems: Problem[], failed: number, line: number): BatchResult {
    const run = this.db.transaction(() => {
      const r = this.write(valid);
      const now = this.ctx.clock.now();
      const { id, workspaceId } = this.target;
      const base = this.problemBase.get(workspaceId, id)?.n ?? 0;
      problems.forEach((p, i) => this.addProblem.run(workspaceId, id, base + i, p.row, p.column, p.code, p.detail));
      const ok = this.commitImport.get(line, r.created, r.updated, r.skipped, failed, r.suppressed, problems.length, now, workspaceId, id, this.line);
      // The import ended, or another run (after a lapsed lease) moved it on: roll back and
      // stop without an attempt; a job still ours is released and finds the import as it is.
      if (!ok) throw new JobInterrupted("shutdown");
      return { ...r, failed, problems: problems.length };
    });
    const result = run.immediate();
    this.line = line;
    return result;
  }

  private write(rows: ValidRow[]): Omit<BatchResult, "failed" | "problems"> {
    const r = { created: 0, updated: 0, skipped: 0, suppressed: 0 };
    if (!rows.length) return r;
    const { workspaceId, groupId } = this.target;
    const now = this.ctx.clock.now();
    const keys = [...new Set(rows.map((v) => v.values.emailKey))];
    const known = new Map<string, PersonState>();
    for (const e of this.lookup.all(workspaceId, JSON.stringify(keys))) known.set(e.emailKey, fromRow(e));
    const suppressed = new Set<string>();
    if (this.anySuppression.get(workspaceId)) {
      const domains = [...new Set(rows.map((v) => v.values.emailDomain))];
      for (const s of this.suppressedIn.all(workspaceId, JSON.stringify(keys), JSON.stringify(domains))) suppressed.add(s.k);
    }
    const fresh: PersonState[] = []; // people this batch creates, inserted at its end with their last values
    for (const v of rows) {
      const cur = known.get(v.values.emailKey);
      const next = merge(cur, v);
      let changed = false;
      if (!cur) {
        next.id = newId("per");
        next.fresh = { email: v.values.email, emailKey: v.values.emailKey, emailDomain: v.values.emailDomain, at: fresh.length };
        fresh.push(next);
        r.created++;
      } else if (differs(cur, next)) {
        if (next.fresh) fresh[next.fresh.at] = next;
        else this.update.run(next.givenName, next.familyName, next.company, next.telephonesJson, next.timezone, next.customJson, next.privateNotes, now, workspaceId, next.id);
        changed = true;
      }
      known.set(v.values.emailKey, next);
      for (const g of groupId ? [groupId, ...v.groupIds] : v.groupIds) {
        if (this.addMember.run(workspaceId, g, next.id, now).changes > 0) changed = true;
      }
      if (cur) {
        if (changed) r.updated++;
        else r.skipped++;
      }
      if (suppressed.size && (suppressed.has(v.values.emailKey) || suppressed.has(v.values.emailDomain))) r.suppressed++;
    }
    this.insertPeople(fresh, now);
    return r;
  }

  private insertPeople(fresh: PersonState[], now: number): void {
    const { workspaceId, id: importId } = this.target;
    // the values of many people in one flat list, refilled per statement: no array per person
    const values: unknown[] = [];
    const add = (p: PersonState) => {
      const f = p.fresh!;
      values.push(p.id, workspaceId, f.email, f.emailKey, f.emailDomain, p.givenName, p.familyName, p.company, p.telephonesJson, p.timezone, p.customJson, p.privateNotes, this.personSource, importId, now, now);
    };
    let i = 0;
    for (; i + INSERT_ROWS <= fresh.length; i += INSERT_ROWS) {
      values.length = 0;
      for (let j = i; j < i + INSERT_ROWS; j++) add(fresh[j]!);
      this.insertMany.run(...(values as any[]));
    }
    for (; i < fresh.length; i++) {
      values.length = 0;
      add(fresh[i]!);
      this.insertOne.run(...(values as any[]));
    }
  }
}

export interface CheckOptions {
  fields: Map<string, CustomField>;
  /** CSV cells are text: numbers and booleans are parsed from them. */
  fromText: boolean;
  isGroup: (id: string) => boolean;
}

/**
 * A row ready to write with its warnings, or every problem it has (one row
 * fails as a whole), its warnings first: a folded value may explain a failure.
 */
export function checkRow(row: SourceRow, opts: CheckOptions): { valid: ValidRow; warnings: Problem[] } | { problems: Problem[] } {
  const r = checkFields(row, opts.fields, opts.fromText);
  if ("own" in r) return { problems: r.own };
  const found = r.problems;
  const groupIds = checkGroups(row.groupIds, row.line, opts, row.columnOf, found);
  if (found.length) return { problems: [...r.warnings, ...found] };
  return { valid: { line: row.line, values: r.values, telephone: r.telephone, groupIds }, warnings: r.warnings };
}

/** Whether an id names a group of the workspace, remembered for the import's run. */
export function groupLookup(ctx: Ctx, workspaceId: string): (id: string) => boolean {
  const stmt = ctx.db.$client.prepare<{ one: number }, [string, string]>(`SELECT 1 AS one FROM groups WHERE workspace_id = ? AND id = ?`);
  const known = new Map<string, boolean>();
  return (id) => {
    let ok = known.get(id);
    if (ok === undefined) {
      ok = isId(id, "grp") && stmt.get(workspaceId, id) !== null;
      known.set(id, ok);
    }
    return ok;
  };
}

function fromRow(e: ExistingRow): PersonState {
  return {
    id: e.id,
    givenName: e.givenName,
    familyName: e.familyName,
    company: e.company,
    timezone: e.timezone,
    privateNotes: e.privateNotes,
    telephones: e.telephones ? JSON.parse(e.telephones) : null,
    customFields: e.customFields ? JSON.parse(e.customFields) : null,
    telephonesJson: e.telephones,
    customJson: e.customFields,
  };
}

/** The person after this row: given columns overwrite, custom values merge, a primary telephone goes first. */
function merge(cur: PersonState | undefined, v: ValidRow): PersonState {
  const c = v.values;
  const next: PersonState = cur
    ? { ...cur }
    : { id: "", givenName: null, familyName: null, company: null, timezone: null, privateNotes: null, telephones: null, customFields: null, telephonesJson: null, customJson: null };
  if (c.givenName !== undefined) next.givenName = c.givenName;
  if (c.familyName !== undefined) next.familyName = c.familyName;
  if (c.company !== undefined) next.company = c.company;
  if (c.timezone !== undefined) next.timezone = c.timezone;
  if (c.privateNotes !== undefined) next.privateNotes = c.privateNotes;
  let phones = c.telephones !== undefined ? c.telephones : next.telephones;
  if (v.telephone) phones = [v.telephone, ...(phones ?? []).filter((p) => p !== v.telephone)].slice(0, PERSON_LIMITS.telephones);
  if (phones !== next.telephones) {
    next.telephones = phones;
    next.telephonesJson = json(phones);
  }
  if (v.customText !== undefined && next.customFields === null) {
    // a patch without nulls merged into no values is the patch itself: its text as the worker wrote it
    next.customFields = undefined;
    next.customJson = v.customText;
    return next;
  }
  const patch = v.customText !== undefined ? (JSON.parse(v.customText) as Record<string, unknown>) : c.customFields;
  if (patch !== undefined) {
    let values: Record<string, unknown> | null = null;
    if (patch !== null) {
      const base: Record<string, unknown> | null = next.customFields === undefined ? JSON.parse(next.customJson!) : next.customFields;
      values = { ...base };
      for (const [k, val] of Object.entries(patch)) {
        if (val === null) delete values[k];
        else values[k] = val;
      }
      if (!Object.keys(values).length) values = null;
    }
    next.customFields = values;
    next.customJson = json(values);
  }
  return next;
}

function differs(a: PersonState, b: PersonState): boolean {
  return (
    a.givenName !== b.givenName ||
    a.familyName !== b.familyName ||
    a.company !== b.company ||
    a.timezone !== b.timezone ||
    a.privateNotes !== b.privateNotes ||
    a.telephonesJson !== b.telephonesJson ||
    a.customJson !== b.customJson
  );
}
