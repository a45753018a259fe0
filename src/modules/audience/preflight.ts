// Preflight: what would happen to mail for each address now — syntax, where
// DNS routes it, whether a suppression or the person's state would hold it.
// Reads only; sends and stores nothing.
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import { people, type PersonStatus } from "../../db/schema";
import { findRoute, type RouteKind } from "../verification/route";
import { emailKey, parseEmail, type EmailProblem } from "./email";
import { suppressedAmong } from "./suppressions";

export const PREFLIGHT_MAX = 1000;
/** Domains looked up at once. */
export const PREFLIGHT_DNS_CONCURRENCY = 32;
/** Lookups still unanswered after this are answered `unknown`. */
export const PREFLIGHT_DNS_DEADLINE_MS = 20_000;

/** Person states that keep every message to them held. */
export const BLOCKED_PERSON_STATUSES: readonly PersonStatus[] = ["bounced", "spam", "unsubscribed", "undeliverable"];

export type PreflightHold = "suppressed" | "person_blocked";

export interface PreflightResult {
  email: string;
  normalized: string | null;
  syntax: "valid" | "invalid";
  syntaxProblem: EmailProblem | null;
  /** null when syntax is invalid or the workspace is in test mode. */
  route: RouteKind | null;
  suppressionId: string | null;
  personId: string | null;
  hold: PreflightHold | null;
}

const CHUNK = 500;

export async function preflight(ctx: Ctx, a: { workspaceId: string; testMode: boolean; emails: readonly string[] }): Promise<PreflightResult[]> {
  const parsed = a.emails.map((input) => ({ input, r: parseEmail(input) }));
  const valid = parsed.flatMap(({ r }) => (r.ok ? [r] : []));
  const suppressed = suppressedAmong(ctx, a.workspaceId, a.emails);
  const persons = peopleByKey(ctx, a.workspaceId, [...new Set(valid.map((r) => emailKey(r.email)))]);
  const routes = a.testMode ? new Map<string, RouteKind>() : await routesOf(ctx, [...new Set(valid.map((r) => r.domain))]);
  return parsed.map(({ input, r }) => {
    if (!r.ok) {
      return { email: input, normalized: null, syntax: "invalid", syntaxProblem: r.reason, route: null, suppressionId: null, personId: null, hold: null };
    }
    const s = suppressed.get(input) ?? null;
    const p = persons.get(emailKey(r.email)) ?? null;
    const blocked = p !== null && (p.emailSendable === false || BLOCKED_PERSON_STATUSES.includes(p.status));
    return {
      email: input,
      normalized: r.email,
      syntax: "valid",
      syntaxProblem: null,
      route: a.testMode ? null : (routes.get(r.domain) ?? "unknown"),
      suppressionId: s?.id ?? null,
      personId: p?.id ?? null,
      hold: s ? "suppressed" : blocked ? "person_blocked" : null,
    };
  });
}

function peopleByKey(ctx: Ctx, workspaceId: string, keys: string[]) {
  const out = new Map<string, { id: string; status: PersonStatus; emailSendable: boolean | null }>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = ctx.db
      .select({ id: people.id, key: people.emailKey, status: people.status, emailSendable: people.emailSendable })
      .from(people)
      .where(and(eq(people.workspaceId, workspaceId), inArray(people.emailKey, keys.slice(i, i + CHUNK))))
      .all();
    for (const { key, ...p } of rows) out.set(key!, p);
  }
  return out;
}

/**
 * Routes of many domains through the shared caching resolver, a bounded number
 * at a time. Whatever is not answered by the deadline is left out (unknown);
 * lookups still running finish in the background and fill the cache.
 */
async function routesOf(ctx: Ctx, domains: string[]): Promise<Map<string, RouteKind>> {
  const resolver = ctx.dns;
  const out = new Map<string, RouteKind>();
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < domains.length) {
      const domain = domains[next++]!;
      try {
        out.set(domain, (await findRoute(resolver, domain)).route);
      } catch (err) {
        ctx.log.warn("preflight route lookup failed", { domain, error: String(err) });
        out.set(domain, "unknown");
      }
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, PREFLIGHT_DNS_DEADLINE_MS)));
  try {
    await Promise.race([Promise.all(Array.from({ length: Math.min(PREFLIGHT_DNS_CONCURRENCY, domains.length) }, worker)), deadline]);
  } finally {
    stopped = true;
    clearTimeout(timer);
  }
  return new Map(out);
}
