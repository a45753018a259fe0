// bench:inbound, the inbox's part (issue 16): people replying to a campaign.
// Phase A: 10,000 plain-text replies of ~5 KB; phase B: 5,000
// multipart/alternative replies of ~48 KB (Gmail's or Outlook's HTML quote
// markup, two inline images) — each from an enrolled person whose step-1
// message was sent, In-Reply-To it, DKIM-signed by one of 8 remote domains,
// over 10 SMTP clients on loopback to the serve process. Each is accepted
// (fsync before the 250), authenticated, parsed, matched, threaded, classified
// by the built-in classifier and stored, and the campaign's stop rules end the
// person's enrollment as `replied` in the same transaction.
// Measured per phase: messages/s end to end (first send → last processed_at),
// accepted/s, the ceiling (smtp-server + mailparser alone, inbound-ceiling.ts)
// on the same messages in the same run, and reply → enrollment stopped: the
// client's clock when its 250 arrived against the enrollment's ended_at.
//   BENCH_REPLIES (10000)  BENCH_MULTIPART (5000)  BENCH_RECORD (1)  BENCH_PROFILE (a directory: the serve process's CPU profile)  BENCH_THREADS (1: serve's CPU by thread)
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createAppContext } from "../../src/app-context";
import { loadConfig } from "../../src/config";
import { messages, sendingDomains } from "../../src/db/schema";
import { silentLogger } from "../../src/lib/log";
import { createPerson } from "../../src/modules/audience/people";
import { createCampaign, startCampaign } from "../../src/modules/campaigns/campaigns";
import { setCampaignStatus } from "../../src/modules/campaigns/campaign-status";
import { afterEnrolled, enrollChunk, enrollTarget, listCandidates } from "../../src/modules/campaigns/enroll";
import { tickCampaign } from "../../src/modules/campaigns/scheduler";
import { transact } from "../../src/modules/events/outbox";
import { emitMessage, type MessageRow } from "../../src/modules/messages/messages";
import { createConnection } from "../../src/modules/sending/connections";
import { createSendingDomain } from "../../src/modules/sending/domains/domains";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { CLIENTS, REMOTE_DOMAINS, ceilingMs, deliver, signed, startRemote, startServe, type Mail } from "./inbound-lib";
import { htmlReply, languages, plainReply, type Original, type Writer } from "./inbound-replies-mail";
import { appendSection, cpuOf, cpuTimes, machine } from "./lib";

const N_PLAIN = Number(process.env.BENCH_REPLIES ?? 10_000);
const N_HTML = Number(process.env.BENCH_MULTIPART ?? 5_000);
const DOMAIN = "outreach.bench.test";
const DAY = 86_400_000;

const { remote, dns } = await startRemote();

// ---- setup (not measured): workspace, verified domain, managed identity, people, a started campaign, step 1 sent
const dataDir = mkdtempSync(join(tmpdir(), "nearbound-bench-replies-"));
const ctx = createAppContext(loadConfig({ "data-dir": dataDir }, { NEARBOUND_HOSTNAME: "mx.bench.test" }), { log: silentLogger });
const ws = createWorkspace(ctx, { name: "bench" }).workspace.id;
await createSendingDomain(ctx, { workspaceId: ws, domain: DOMAIN });
ctx.db.update(sendingDomains).set({ status: "verified", verifiedAt: Date.now() }).run();
const sender = { email: `ada@${DOMAIN}`, name: "Ada Lovelace" };
const { identities } = createConnection(ctx, { workspaceId: ws, kind: "managed", name: "MTA", identities: [{ email: sender.email, name: sender.name }] });

const GIVEN = ["Lena", "Jonas", "Camille", "Lucía", "Giulia", "Daan", "João", "Priya", "Tom", "Amélie", "Mateo", "Sofia", "Noor", "Kofi"];
const FAMILY = ["Müller", "Schmidt", "Dubois", "García", "Rossi", "de Vries", "Silva", "Raman", "Walsh", "Moreau", "Fernández", "Bianchi", "Jansen", "Mensah"];
const COMPANY = ["Nordlicht GmbH", "Atelier Lumière", "Soluciones Brisa", "Officina Verde", "Polder Data", "Horizonte Tech", "Brightwave Ltd", "Kestrel Analytics"];
const ascii = (s: string) => s.normalize("NFD").replace(/[^a-zA-Z]/g, "").toLowerCase();
const TOTAL = N_PLAIN + N_HTML;
const writers: (Writer & { id: string })[] = [];
ctx.db.transaction(() => {
  for (let i = 0; i < TOTAL; i++) {
    const givenName = GIVEN[i % GIVEN.length]!;
    const familyName = FAMILY[(i * 5 + Math.floor(i / GIVEN.length)) % FAMILY.length]!;
    const company = COMPANY[i % COMPANY.length]!;
    const email = `${ascii(givenName)}.${ascii(familyName)}.${i}@remote${i % REMOTE_DOMAINS}.bench.test`;
    const p = createPerson(ctx, { workspaceId: ws, input: { email, givenName, familyName, company }, source: "api" });
    writers.push({ id: p.id, email, givenName, familyName, company });
  }
});

// a cold email of ~3.5 KB (what the replies quote), then a follow-up a week later that keeps each enrollment live
const paragraphs = [
  "I hope this finds you well. I am reaching out because teams like the one at {{ company }} often tell us that outbound has become harder to run well: more tools, more data to keep clean, and replies that get lost between inboxes and the CRM.",
  "We built our platform for exactly that. It runs your sequences from your own domains, paces every mailbox so you stay out of the spam folder, reads the replies as they come in, and stops the sequence for anyone who answers, so nobody gets a follow-up after they have already written back.",
  "A few numbers from customers of a similar size: reply rates went from around 2 % to just under 6 % within two months, mostly because messages arrived in the inbox again. Time spent on manual list hygiene dropped by about four hours a week per rep. And because bounces and complaints are handled automatically, domain reputation recovered within a few weeks.",
  "What makes the difference in practice is less the sending than everything around it: checking addresses before the first message, spreading volume across mailboxes, warming new domains slowly, keeping suppression lists in one place, and giving the team a single inbox where every reply is already sorted into interested, not now, wrong person or out of office.",
  "I do not want to assume too much about how {{ company }} works today. If outbound is a channel you rely on, I would love to hear how you run it at the moment and where it hurts. If it is not, that is useful to know as well and I will not bother you again with this.",
  "Teams that switch usually keep their CRM as the system of record. Contacts, companies and deals sync both ways every few minutes, replies are logged on the right contact with the whole thread attached, and meetings booked from a reply show up on the deal without anyone copying them over by hand.",
  "Would a short call next week make sense? Twenty minutes is usually enough to see whether there is a fit. I am flexible on timing and happy to work around your calendar, including early mornings or late afternoons for different time zones.",
  "On the practical side, getting started takes about a day. We connect your domains, check their DNS records together, import your contacts from the CRM or a spreadsheet, and set up the first sequence with you. Existing mailboxes keep working as they are; nothing changes for the people who do not use outbound.",
  "Security questions usually come up early, so briefly: everything runs on infrastructure you choose, data stays in the region you pick, access is by single sign-on with roles per team, and every change to a campaign or a contact is kept in an audit log that your admins can export at any time.",
  "Reporting is built in as well: replies, meetings booked and pipeline created are counted per campaign, per step and per variant, so the team can see which message works for which audience. Reports can be scheduled to land in a shared channel every Monday, and the numbers match what the CRM shows because both read the same events.",
  "Pricing is per sending mailbox rather than per seat, so managers and colleagues who only read replies or look at reports do not add to the bill. There is no minimum term for the first year, and you can add or remove mailboxes from one month to the next as the team changes.",
  "In case it helps, I can also send over a short case study from a company in your space, or a two-minute video that shows how the reply inbox works. Just let me know what is most useful.",
];
const stepText = `Hi {{ first_name | default: "there" }},\n\n${paragraphs.join("\n\n")}\n\nBest regards,\n{{ sender.name }}\nAccount Executive, Nearbound\n${DOMAIN}`;
const stepHtml = `<html><body><p>Hi {{ first_name | default: "there" }},</p>${paragraphs.map((p) => `<p>${p}</p>`).join("")}<p>Best regards,<br>{{ sender.name }}<br>Account Executive, Nearbound<br>${DOMAIN}</p></body></html>`;
const loaded = createCampaign(ctx, {
  workspaceId: ws,
  body: {
    name: "Q4 outbound",
    senders: { identity_ids: [identities[0]!.id] },
    steps: [
      { name: "Intro", variants: [{ subject: "Quick question about {{ company }}", text: stepText, html: stepHtml }] },
      { name: "Follow-up", delay_seconds: 7 * 86_400, same_thread: true, variants: [{ subject: "Re", text: "Hi {{ first_name }}, just bumping this up.", html: "<p>Hi {{ first_name }}, just bumping this up.</p>" }] },
    ],
  },
});
const campaignId = loaded.campaign.id;
for (let at = 0; at < writers.length; at += 1000) {
  transact(ctx, () => enrollChunk(ctx, enrollTarget(ctx.db, ws, campaignId), listCandidates(ctx.db, ws, { person_ids: writers.slice(at, at + 1000).map((w) => w.id) }).found));
}
afterEnrolled(ctx, { workspaceId: ws, campaignId });
// startCampaign queues the campaign.start job; what that job does is done here (serve finds it superseded)
startCampaign(ctx, { workspaceId: ws, id: campaignId });
transact(ctx, (tx, outbox) => setCampaignStatus(ctx, tx, outbox, { workspaceId: ws, id: campaignId, from: ["materialising"], to: "active" }));
let made = 0;
for (;;) {
  const r = await tickCampaign(ctx, ws, campaignId);
  made += r.made;
  if (!r.more) break;
}
if (made !== TOTAL) throw new Error(`the scheduler made ${made} messages for ${TOTAL} enrollments`);
// the MTA's verdict for each: sent a day ago, message.sent in the same transaction (the progress hook moves the enrollment to step 2)
const sentAt = Date.now() - DAY;
const queued = ctx.db.$client.query<{ id: string }, [string]>("SELECT id FROM messages WHERE campaign_id = ?1 AND status = 'queued' ORDER BY id").all(campaignId);
for (let at = 0; at < queued.length; at += 1000) {
  transact(ctx, (tx, outbox) => {
    for (const { id } of queued.slice(at, at + 1000)) {
      const row = tx
        .update(messages)
        .set({
          status: "sent",
          sentAt,
          updatedAt: sentAt,
          recipients: sql`(SELECT json_group_array(json_set(value, '$.state', 'sent')) FROM json_each(${messages.recipients}))`,
        })
        .where(sql`${messages.id} = ${id}`)
        .returning()
        .get() as MessageRow;
      emitMessage(outbox, "message.sent", row);
    }
  });
}
const originals = new Map(
  ctx.db.$client
    .query<Original & { personId: string }, [string]>(
      "SELECT m.person_id AS personId, m.message_id_header AS messageIdHeader, m.subject, b.text, b.html, m.sent_at AS sentAt FROM messages m JOIN message_bodies b ON b.message_id = m.id WHERE m.campaign_id = ?1",
    )
    .all(campaignId)
    .map((o) => [o.personId, o]),
);
const live = ctx.db.$client.query<{ n: number }, [string]>("SELECT count(*) AS n FROM enrollments WHERE campaign_id = ?1 AND status = 'active' AND position = 2 AND last_sent_at IS NOT NULL").get(campaignId)!.n;
if (live !== TOTAL) throw new Error(`${live} of ${TOTAL} enrollments are live at step 2 after step 1 was sent`);
ctx.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
ctx.db.$client.close();

// ---- the replies, each signed by its writer's domain
async function build(from: number, n: number, make: typeof plainReply): Promise<{ mail: Mail[]; intended: Map<string, string> }> {
  const intended = new Map<string, string>(); // the writer's address → the intent the wording was written with
  const mail: Mail[] = [];
  for (let k = 0; k < n; k += 500) {
    mail.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(500, n - k) }, async (_, j) => {
          const i = from + k + j;
          const w = writers[i]!;
          const r = await make(i, w, sender, originals.get(w.id)!);
          intended.set(w.email, r.intent);
          return { from: w.email, to: sender.email, raw: await signed(r.raw, remote[i % REMOTE_DOMAINS]!) };
        }),
      )),
    );
  }
  return { mail, intended };
}
const phases = [
  { name: "A", label: "plain text", from: 0, ...(await build(0, N_PLAIN, plainReply)) },
  { name: "B", label: "multipart/alternative + inline images", from: N_PLAIN, ...(await build(N_PLAIN, N_HTML, htmlReply)) },
];
const kbOf = (mail: Mail[]) => mail.reduce((n, m) => n + m.raw.length, 0) / mail.length / 1024;

// ---- the serve process: phase A, then phase B once A is all processed
interface Outcome {
  t0: number;
  /** The machine's 1-minute load average when the phase started and ended (other work on the 2 cores shows here). */
  load: [number, number];
  /** The serve process's CPU seconds during the phase: its main thread, and every other thread (analysis, WAL sync, checkpointer, GC, JIT). */
  cpu: { main: number; others: number };
  /** The share of the machine's CPU time the hypervisor gave to others during the phase (steal; this VM's figures move with it). */
  steal: number;
  /** The write-ahead log's size when the phase ended. */
  walBytes: number;
  acceptedMs: number;
  processedMs: number;
  latencies: number[];
  checks: { processed: number; threaded: number; reply: number; matched: number; dkimPass: number; replied: number; intentAgrees: number; sentiment: Record<string, number>; intent: Record<string, number>; other: Record<string, number> };
}
const dbFile = join(dataDir, "nearbound.sqlite");
function read<T>(fn: (db: Database) => T): T {
  const db = new Database(dbFile, { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const processedSince = (t0: number) => read((db) => db.query<{ n: number }, [number]>("SELECT count(*) AS n FROM inbound_messages WHERE received_at >= ?1 AND state = 'processed'").get(t0)!.n);

async function runPhase(port: number, pid: number, mail: Mail[], people: (Writer & { id: string })[], intended: Map<string, string>): Promise<Outcome> {
  const load0 = loadavg()[0]!;
  const cpu0 = cpuOf(pid);
  const times0 = cpuTimes();
  const t0 = Date.now();
  const sent = await deliver(port, mail);
  // every message processed (a stall of a minute ends the wait: the checks then say what is missing)
  let seen = 0;
  let since = Date.now();
  for (;;) {
    const n = processedSince(t0);
    if (n >= mail.length) break;
    if (n > seen) [seen, since] = [n, Date.now()];
    else if (Date.now() - since > 60_000) break;
    await Bun.sleep(50);
  }
  const cpu1 = cpuOf(pid);
  const times1 = cpuTimes();
  const steal = (times1.steal - times0.steal) / Math.max(1, times1.all - times0.all);
  const load: [number, number] = [load0, loadavg()[0]!];
  const walBytes = existsSync(`${dbFile}-wal`) ? statSync(`${dbFile}-wal`).size : 0;
  return read((db) => {
    const lastProcessed = db.query<{ at: number }, [number]>("SELECT max(processed_at) AS at FROM inbound_messages WHERE received_at >= ?1").get(t0)!.at;
    const q = (where: string) => db.query<{ n: number }, [number]>(`SELECT count(*) AS n FROM inbound_messages WHERE received_at >= ?1 AND ${where}`).get(t0)!.n;
    const tally = (column: string) =>
      Object.fromEntries(
        db
          .query<{ k: string | null; n: number }, [number]>(`SELECT ${column} AS k, count(*) AS n FROM inbound_messages WHERE received_at >= ?1 GROUP BY 1 ORDER BY 2 DESC`)
          .all(t0)
          .map((r) => [String(r.k), r.n]),
      );
    const ended = new Map(
      db
        .query<{ personId: string; status: string; endedAt: number | null }, [string]>("SELECT person_id AS personId, status, ended_at AS endedAt FROM enrollments WHERE campaign_id = ?1")
        .all(campaignId)
        .map((e) => [e.personId, e]),
    );
    const latencies: number[] = [];
    let replied = 0;
    people.forEach((p, i) => {
      const e = ended.get(p.id);
      if (e?.status !== "replied" || e.endedAt === null) return;
      replied++;
      latencies.push(e.endedAt - sent.acceptedAt[i]!);
    });
    const classification = tally("classification");
    const intentAgrees = db
      .query<{ fromKey: string; intent: string | null }, [number]>("SELECT from_key AS fromKey, intent FROM inbound_messages WHERE received_at >= ?1")
      .all(t0)
      .filter((r) => r.intent === intended.get(r.fromKey)).length;
    return {
      t0,
      load,
      cpu: { main: cpu1.main - cpu0.main, others: cpu1.others - cpu0.others },
      walBytes,
      steal,
      acceptedMs: Math.max(...sent.acceptedAt) - t0,
      processedMs: (lastProcessed ?? Date.now()) - t0,
      latencies: latencies.sort((a, b) => a - b),
      checks: {
        processed: q("state = 'processed'"),
        threaded: q("thread_id IS NOT NULL"),
        reply: q("classification = 'reply'"),
        matched: q("matched_by = 'message_id'"),
        dkimPass: q("json_extract(authentication, '$.dkim[0].result') = 'pass'"),
        replied,
        intentAgrees,
        sentiment: tally("sentiment"),
        intent: tally("intent"),
        other: Object.fromEntries(Object.entries(classification).filter(([k]) => k !== "reply")),
      },
    };
  });
}

const serve = await startServe(dataDir, dns.servers);
const outcomes: Outcome[] = [];
try {
  for (const p of phases) outcomes.push(await runPhase(serve.smtpPort, serve.pid, p.mail, writers.slice(p.from, p.from + p.mail.length), p.intended));
} finally {
  await serve.stop();
}

// ---- the ceiling on the same messages, after serve has stopped (the two never share the cores)
const ceilings: number[] = [];
for (const p of phases) ceilings.push(await ceilingMs(p.mail));

await dns.close();
if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });

// ---- the table
const pct = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
const GOAL = { A: 350, B: 200 } as Record<string, number>;
const rows: string[] = [];
const goals: string[] = [];
const facts: string[] = [];
phases.forEach((p, k) => {
  const o = outcomes[k]!;
  const n = p.mail.length;
  const e2e = rate(n, o.processedMs);
  const ceiling = rate(n, ceilings[k]!);
  const share = Math.round((100 * e2e) / ceiling);
  const l = o.latencies;
  const c = o.checks;
  rows.push(
    `| ${p.name}: ${n.toLocaleString("en")} × ${kbOf(p.mail).toFixed(1)} KB ${p.label} | ${e2e} | ${rate(n, o.acceptedMs)} | ${ceiling} | ${share} % | ${sec(pct(l, 0.5))} / ${sec(pct(l, 0.95))} / ${sec(pct(l, 0.99))} / ${sec(l.at(-1) ?? NaN)} |`,
  );
  const all = c.processed === n && c.threaded === n && c.reply === n && c.replied === n && c.matched === n && c.dkimPass === n;
  facts.push(
    `${p.name}: processed ${c.processed.toLocaleString("en")}, threaded ${c.threaded.toLocaleString("en")}, classified reply ${c.reply.toLocaleString("en")}${Object.keys(c.other).length ? ` (others: ${JSON.stringify(c.other)})` : ""}, matched by In-Reply-To ${c.matched.toLocaleString("en")}, DKIM verified (pass) ${c.dkimPass.toLocaleString("en")}, enrollments ended replied ${c.replied.toLocaleString("en")} — of ${n.toLocaleString("en")}${all ? "" : " (CHECK FAILED)"}; intents found ${JSON.stringify(c.intent)} (the intent the wording was written with: ${Math.round((100 * c.intentAgrees) / n)} %); sentiments ${JSON.stringify(c.sentiment)}.`,
  );
  facts.push(
    `${p.name}: serve's CPU ${o.cpu.main.toFixed(1)} s on its main thread and ${o.cpu.others.toFixed(1)} s on its other threads (${((1000 * (o.cpu.main + o.cpu.others)) / n).toFixed(2)} ms a message) in ${sec(o.processedMs)}; the WAL had grown to ${(o.walBytes / 2 ** 20).toFixed(0)} MiB; load average ${o.load[0].toFixed(1)} → ${o.load[1].toFixed(1)}, CPU steal ${(100 * o.steal).toFixed(0)} %.`,
  );
  goals.push(
    `${p.name}: ≥ ${GOAL[p.name]} messages/s — ${e2e >= GOAL[p.name]! ? "met" : "not met"}; ≥ 60 % of the ceiling — ${share >= 60 ? "met" : "not met"}; reply → enrollment stopped p99 ≤ 2 s — ${pct(l, 0.99) <= 2000 ? "met" : "not met"}; every reply processed, threaded, classified reply, its enrollment replied — ${all ? "met" : "not met"}.`,
  );
});
const lines = [
  "| phase | end to end (messages/s) | accepted/s | ceiling: smtp-server + mailparser (messages/s) | share of the ceiling | reply → enrollment stopped p50 / p95 / p99 / max |",
  "|---|---|---|---|---|---|",
  ...rows,
  "",
  ...facts,
  "",
  `Goals: ${goals.join(" ")}`,
];
console.log(lines.join("\n"));
if (process.env.BENCH_RECORD !== "0") {
  appendSection(
    "Inbox replies (bench:inbound)",
    `Replies to a started campaign (2 steps; step 1 sent, so every enrollment is live at step 2), each from its enrolled person, In-Reply-To our step-1 message, quoting it, in ${languages.length} languages (${languages.join(", ")}) and 7 intents; DKIM-signed RSA-2048 by one of ${REMOTE_DOMAINS} domains whose key, SPF and DMARC a loopback DNS server answers; ${CLIENTS} SMTP connections on loopback to one serve process (not pinned; ${machine()}, nproc ${cpus().length}). Phase A: plain text with "> " quoting; phase B: multipart/alternative (Gmail or Outlook HTML quote markup, a logo and a screenshot inline); B runs once A is all processed, each against its own people. End to end: first send → the last message's processed_at (accepted, fsync'd before the 250, SPF/DKIM/DMARC/ARC, parsed, matched, threaded, classified by the rules, stored, stop rules applied). Reply → enrollment stopped: enrollments.ended_at (serve's clock) minus the time the client's 250 arrived. The ceiling runs after serve has stopped, on the same messages.\n\n${lines.join("\n")}`,
  );
}
