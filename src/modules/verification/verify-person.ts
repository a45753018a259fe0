// POST /v1/people/{id}/verify (API A): a fresh check of a person's address —
// syntax, DNS route, then an SMTP RCPT probe of the primary MX (never DATA) —
// persisted as the emailSendable verdict with its reason, and the person's
// status moved as SPEC says. All I/O is async with bounded timeouts, so a slow
// or silent mail server never holds up other requests.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { groups, people, personGroups } from "../../db/schema";
import { DomainError, notFound } from "../../lib/errors";
import { parseEmail } from "../audience/email";
import type { Group } from "../audience/groups";
import type { Person } from "../audience/people";
import { findRoute } from "./route";
import { probeMailbox, type ProbeOutcome } from "./smtp-probe";

/** Connect, per command, and whole-probe bounds of the SMTP probe. */
export const PROBE_TIMEOUTS = { connectMs: 10_000, commandMs: 10_000, totalMs: 30_000 } as const;

export type SendableReason =
  | "invalid_syntax"
  | "null_mx"
  | "no_route"
  | "dns_unavailable"
  | "mailbox_exists"
  | "catch_all"
  | "mailbox_rejected"
  | "smtp_unavailable"
  | "private_target"
  | "syntax_only";

export interface Verdict {
  /** true = deliverable, false = must not be mailed, null = could not tell. */
  sendable: boolean | null;
  reason: SendableReason;
}

/** Statuses a verification never changes: the person asked for it or the mail system said so. */
const STAYS_BLOCKED = ["bounced", "spam", "unsubscribed"] as const;

const PROBE_VERDICTS: Record<ProbeOutcome, Verdict> = {
  accepted: { sendable: true, reason: "mailbox_exists" },
  // the server accepts any local part: deliverable, but the mailbox is unconfirmed
  catch_all: { sendable: true, reason: "catch_all" },
  rejected: { sendable: false, reason: "mailbox_rejected" },
  temporary: { sendable: null, reason: "smtp_unavailable" },
  unknown: { sendable: null, reason: "smtp_unavailable" },
};

/** Test mode checks syntax only: no DNS, no SMTP. */
export function syntaxVerdict(email: string): Verdict {
  return parseEmail(email).ok ? { sendable: true, reason: "syntax_only" } : { sendable: false, reason: "invalid_syntax" };
}

/** The full check of one address. */
export async function checkAddress(ctx: Ctx, email: string): Promise<Verdict> {
  const parsed = parseEmail(email);
  if (!parsed.ok) return { sendable: false, reason: "invalid_syntax" };
  const resolver = ctx.dns;
  const route = await findRoute(resolver, parsed.domain).catch(() => ({ route: "unknown" as const, hosts: [] }));
  if (route.route === "null_mx") return { sendable: false, reason: "null_mx" };
  if (route.route === "none") return { sendable: false, reason: "no_route" };
  if (route.route === "unknown") return { sendable: null, reason: "dns_unavailable" };
  // The MX host is resolved through our resolver and checked against the outbound
  // policy: a tenant's address must not make the appliance probe internal hosts.
  const target = await ctx.outbound.target(route.hosts[0]!);
  if (!target.ok) return { sendable: null, reason: target.code === "private_address" ? "private_target" : "smtp_unavailable" };
  const probe = await probeMailbox({
    host: target.addresses[0]!,
    port: ctx.config.smtpProbePort,
    heloName: ctx.config.hostname,
    mailFrom: `verify@${ctx.config.hostname}`,
    address: parsed.email,
    timeouts: PROBE_TIMEOUTS,
  });
  return PROBE_VERDICTS[probe.outcome];
}

function livePerson(ctx: Ctx, workspaceId: string, personId: string): Person | undefined {
  return ctx.db
    .select()
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), eq(people.id, personId), isNull(people.archivedAt)))
    .get();
}

/** Verifies the person's address and persists the verdict; 404 for unknown or archived people. */
export async function verifyPerson(ctx: Ctx, a: { workspaceId: string; personId: string; testMode: boolean }): Promise<Person> {
  const person = livePerson(ctx, a.workspaceId, a.personId);
  if (!person) throw new DomainError("not_found", "No such person in this workspace, or the person is archived.");
  if (!person.email) throw new DomainError("invalid_state", "The person has no email address to verify.");
  const verdict = a.testMode ? syntaxVerdict(person.email) : await checkAddress(ctx, person.email);
  return persistVerdict(ctx, { workspaceId: a.workspaceId, personId: a.personId, email: person.email, verdict });
}

/**
 * One guarded UPDATE: only while the person is live and still has the address
 * that was checked. Invalid → undeliverable unless bounced/spam/unsubscribed;
 * deliverable → undeliverable people return to active; undecided → unchanged.
 */
function persistVerdict(ctx: Ctx, a: { workspaceId: string; personId: string; email: string; verdict: Verdict }): Person {
  const { sendable, reason } = a.verdict;
  const status =
    sendable === false
      ? sql`CASE WHEN ${inArray(people.status, [...STAYS_BLOCKED])} THEN ${people.status} ELSE 'undeliverable' END`
      : sendable === true
        ? sql`CASE WHEN ${people.status} = 'undeliverable' THEN 'active' ELSE ${people.status} END`
        : undefined;
  const now = ctx.clock.now();
  const updated = ctx.db
    .update(people)
    .set({ emailSendable: sendable, sendableReason: reason, verifiedAt: now, updatedAt: now, ...(status ? { status } : {}) })
    .where(and(eq(people.workspaceId, a.workspaceId), eq(people.id, a.personId), isNull(people.archivedAt), eq(people.email, a.email)))
    .returning()
    .get();
  if (updated) return updated;
  if (!livePerson(ctx, a.workspaceId, a.personId)) throw notFound("person");
  throw new DomainError("invalid_state", "The person's address changed while it was being verified; verify again.");
}

/** The person's groups, oldest first (for `expand[]=groups`). */
export function groupsOfPerson(ctx: Ctx, a: { workspaceId: string; personId: string }): Group[] {
  return ctx.db
    .select({ g: groups })
    .from(personGroups)
    .innerJoin(groups, and(eq(groups.id, personGroups.groupId), eq(groups.workspaceId, personGroups.workspaceId)))
    .where(and(eq(personGroups.workspaceId, a.workspaceId), eq(personGroups.personId, a.personId)))
    .orderBy(asc(groups.id))
    .all()
    .map((r) => r.g);
}
