// The acceptance test: parseReport over sisimai's set of real
// bounces (~70 MTAs and providers), compared per recipient with the answers
// sisimai's own test tables give (shared/corpora/bounces-sisimai/expected.json).
// Prints the agreement per engine and overall; fails below the thresholds.
//
// Mapping of sisimai's reasons to ours (docs/bounces.md):
//   userunknown, hasmoved   → user_unknown         hostunknown, notaccept → bad_domain
//   mailboxfull             → mailbox_full         suspend                → mailbox_disabled
//   mesgtoobig, exceedlimit → message_too_large    expired                → expired
//   filtered, rejected, policyviolation, norelaying → policy
//   blocked, badreputation  → blocked              spamdetected           → spam
//   authfailure, requireptr → dmarc                securityerror          → auth_required
//   virusdetected, contenterror, notcompliantrfc → content
//   failedstarttls          → tls_required         toomanyconn, speeding  → rate_limited
//   networkerror            → network              syntaxerror            → protocol
//   systemerror, systemfull, mailererror → system  onhold, undefined      → other
//   vacation → an auto_reply (not a bounce); feedback → a complaint with its
//   feedbackType; delivered → no bounced recipient.
//
// Status: when sisimai's status is one of its own pseudo codes (X.0.9nn: the
// report gave none and sisimai made one up from its reason), ours agrees when
// it is of the same class (ours is then RFC 3463's code for our reason).
// Rows of one file that repeat a recipientIndex (sisimai's table numbers the
// messages there, not the recipients) are matched to the recipients in order.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseReport, type Report } from "../../src/smtp-in/bounces";

const CORPUS = resolve(import.meta.dir, "../../../shared/corpora/bounces-sisimai");

const REASONS: Record<string, string> = {
  userunknown: "user_unknown",
  hasmoved: "user_unknown",
  hostunknown: "bad_domain",
  notaccept: "bad_domain",
  mailboxfull: "mailbox_full",
  suspend: "mailbox_disabled",
  mesgtoobig: "message_too_large",
  exceedlimit: "message_too_large",
  expired: "expired",
  filtered: "policy",
  rejected: "policy",
  policyviolation: "policy",
  norelaying: "policy",
  blocked: "blocked",
  badreputation: "blocked",
  spamdetected: "spam",
  authfailure: "dmarc",
  requireptr: "dmarc",
  securityerror: "auth_required",
  virusdetected: "content",
  contenterror: "content",
  notcompliantrfc: "content",
  failedstarttls: "tls_required",
  toomanyconn: "rate_limited",
  speeding: "rate_limited",
  networkerror: "network",
  syntaxerror: "protocol",
  systemerror: "system",
  systemfull: "system",
  mailererror: "system",
  onhold: "other",
  undefined: "other",
};

interface Row {
  file: string;
  engine: string;
  recipientIndex: number;
  status: string | null;
  replyCode: string | null;
  reason: string;
  hardBounce: boolean;
  feedbackType: string | null;
  position?: number;
}

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;

const present = existsSync(`${CORPUS}/expected.json`);

describe.skipIf(!present)("agreement with sisimai on its set of real bounces", () => {
  // Bun runs a skipped describe's body to collect its tests: read nothing when the corpus is absent
  const rows = present ? (JSON.parse(readFileSync(`${CORPUS}/expected.json`, "utf8")) as Row[]).filter((r) => existsSync(`${CORPUS}/${r.file}`)) : [];
  const byFile = new Map<string, Row[]>();
  for (const r of rows) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  for (const list of byFile.values()) {
    if (new Set(list.map((r) => r.recipientIndex)).size < list.length) list.forEach((r, i) => (r.position = i + 1));
  }
  const reports = new Map<string, Report>();
  for (const file of byFile.keys()) reports.set(file, parseReport(readFileSync(`${CORPUS}/${file}`)));

  test("hard/soft, status and reason per recipient", () => {
    const engines = new Map<string, { rows: number; hard: number; status: number; reason: number }>();
    const total = { rows: 0, hard: 0, status: 0, reason: 0 };
    const mustMatch: string[] = []; // rows whose reason must be ours exactly
    const wrongKind: string[] = [];
    for (const r of rows) {
      const report = reports.get(r.file)!;
      const e = engines.get(r.engine) ?? { rows: 0, hard: 0, status: 0, reason: 0 };
      engines.set(r.engine, e);
      e.rows++;
      total.rows++;
      let hard = false;
      let status = false;
      let reason = false;
      if (r.reason === "vacation") {
        hard = status = reason = report.kind === "auto_reply";
        if (report.kind === "bounce") wrongKind.push(`${r.file}: an auto-reply called a bounce`);
      } else if (r.reason === "feedback") {
        hard = status = reason = report.kind === "complaint" && report.feedbackType === r.feedbackType;
      } else {
        const ours = report.recipients[(r.position ?? r.recipientIndex) - 1] ?? report.recipients[r.recipientIndex - 1];
        if (r.reason === "delivered") {
          hard = status = reason = !ours || ours.kind !== "bounced";
        } else if (ours) {
          hard = (ours.kind === "bounced" && ours.hard) === r.hardBounce;
          const pseudo = r.status !== null && /^\d\.0\.9\d\d$/.test(r.status);
          status = pseudo ? ours.status?.[0] === r.status![0] : ours.status === r.status;
          reason = ours.reason === REASONS[r.reason];
        }
        if (["userunknown", "hostunknown", "mailboxfull"].includes(r.reason) && !reason) mustMatch.push(`${r.file}#${r.recipientIndex}: sisimai ${r.reason}, ours ${ours?.reason ?? "none"}`);
      }
      if (hard) (e.hard++, total.hard++);
      if (status) (e.status++, total.status++);
      if (reason) (e.reason++, total.reason++);
    }
    const lines = [...engines.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, e]) => `${name.padEnd(16)} ${String(e.rows).padStart(4)}   hard/soft ${pct(e.hard, e.rows).padStart(8)}   status ${pct(e.status, e.rows).padStart(8)}   reason ${pct(e.reason, e.rows).padStart(8)}`);
    console.log(
      [
        "engine           rows",
        ...lines,
        `overall          ${String(total.rows).padStart(4)}   hard/soft ${pct(total.hard, total.rows).padStart(8)}   status ${pct(total.status, total.rows).padStart(8)}   reason ${pct(total.reason, total.rows).padStart(8)}`,
      ].join("\n"),
    );
    expect(total.rows).toBeGreaterThan(600);
    expect(mustMatch).toEqual([]);
    expect(wrongKind).toEqual([]);
    expect(total.hard / total.rows).toBeGreaterThanOrEqual(0.95);
    expect(total.status / total.rows).toBeGreaterThanOrEqual(0.95);
  });

  test("messages that are not bounces are never called one", () => {
    const not = readdirSync(`${CORPUS}/maildir/not`).map((f) => [f, parseReport(readFileSync(`${CORPUS}/maildir/not/${f}`)).kind]);
    expect(not.length).toBeGreaterThan(0);
    expect(not.filter(([, kind]) => kind === "bounce")).toEqual([]);
  });

  test("every feedback report is a complaint with its feedback type", () => {
    const arf = readdirSync(`${CORPUS}/maildir/bsd`).filter((f) => f.startsWith("arf-"));
    expect(arf.length).toBeGreaterThan(10);
    const wrong = arf.map((f) => [f, parseReport(readFileSync(`${CORPUS}/maildir/bsd/${f}`))] as const).filter(([, r]) => r.kind !== "complaint" || !r.feedbackType);
    expect(wrong.map(([f, r]) => `${f}: ${r.kind}`)).toEqual([]);
  });
});
