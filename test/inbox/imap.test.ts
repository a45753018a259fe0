// Reading connections' IMAP folders against a real IMAP server on loopback
// (Debian's dovecot, started with a throwaway configuration: helpers/dovecot.ts):
// new mail in INBOX and in a second folder becomes inbound messages (source
// imap) and goes through the ingest; IDLE wakes the reader; a new reader on
// the same database resumes by UID (no duplicates, no gaps, a lost cursor
// re-reads without storing twice); a recreated folder (new UIDVALIDITY) is
// read again; our own mail is skipped; mail the listener stored first is kept
// once; archived connections and test-mode workspaces are not read; a refused
// login makes the connection failing and a later login healthy again; TLS
// (implicit and STARTTLS); each workspace sees only its own mailboxes' mail.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Topic } from "../../src/lib/event-bus";
import { transact } from "../../src/modules/events/outbox";
import { archiveConnection } from "../../src/modules/sending/connections";
import { setConnectionHealth } from "../../src/modules/sending/connection-health";
import { addressWords, clientAddress, returnPath } from "../../src/modules/inbox/imap/envelope";
import { ImapReader } from "../../src/modules/inbox/imap/reader";
import { InboundStore } from "../../src/smtp-in/accept";
import { ingestReceived } from "../../src/smtp-in/worker";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { startDnsServer, type TestDnsServer } from "../helpers/dns";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { created, uid } from "../helpers/factory";
import { expectOk, until } from "../helpers/http";
import { queueMessage } from "../helpers/sending";

const MAILBOXES = Array.from({ length: 16 }, (_, i) => `box${i + 1}`);
/** A mailbox whose server offers no IDLE. */
const NO_IDLE = "plainbox";
const password = (box: string) => `pw-${box}`;

let dns: TestDnsServer;
let dovecot: Dovecot;
let app: TestApp;
let nextBox = 0;
/** Readers a test started: stopped after it. */
const readers: ImapReader[] = [];

beforeAll(async () => {
  dns = await startDnsServer();
  dovecot = await startDovecot({ users: Object.fromEntries([...MAILBOXES, NO_IDLE].map((b) => [b, password(b)])), tls: true, withoutIdle: [NO_IDLE] });
  app = await startTestApp({ env: { NEARBOUND_DNS_SERVERS: dns.servers, NEARBOUND_ALLOW_PRIVATE_TARGETS: "1", NEARBOUND_HOSTNAME: "mx.nearbound.test" } });
});
afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.stop(5000)));
});
afterAll(async () => {
  await app?.close();
  await dovecot?.stop();
  await dns?.close();
});

/** A mailbox of dovecot's no other test uses. */
function freshBox(): string {
  const box = MAILBOXES[nextBox++];
  if (!box) throw new Error("add mailboxes to MAILBOXES");
  return box;
}

/** A reader that only reads when asked (or when IDLE says so), unless given a poll interval. */
function reader(received = new Topic(), pollMs = 3_600_000): ImapReader {
  const r = new ImapReader(app.ctx, received, { pollMs, refreshMs: 3_600_000 });
  readers.push(r);
  r.start();
  return r;
}

interface Mailbox {
  w: TestWorkspace;
  box: string;
  connectionId: string;
  identityId: string;
  email: string;
}

/** An smtp connection of `w` whose IMAP settings read `box` on dovecot. */
async function connect(w: TestWorkspace, imap: { box?: string; folders?: string[]; password?: string; tls?: "none" | "starttls" | "implicit"; api?: "live" | "test" } = {}): Promise<Mailbox> {
  const box = imap.box ?? freshBox();
  const email = `amara@${uid()}.northwind.test`;
  const tls = imap.tls ?? "none";
  const c = await created(imap.api === "test" ? w.testApi : w.api, "/v1/connections", {
    kind: "smtp",
    name: `Mailbox ${box}`,
    smtp: { host: "127.0.0.1", port: 587, tls: "starttls", username: email, password: "smtp-password" },
    imap: { host: "127.0.0.1", port: tls === "implicit" ? dovecot.tlsPort : dovecot.port, tls, username: box, password: imap.password ?? password(box), folders: imap.folders ?? ["INBOX"] },
    identities: [{ email, name: "Amara from Northwind" }],
  });
  return { w, box, connectionId: c.id, identityId: c.identities[0].id, email };
}

/** A reply as a provider's mailbox stores it: trace headers on top. */
function mail(to: string, over: { from?: string; messageId?: string; subject?: string; body?: string; trace?: boolean } = {}): string {
  const from = over.from ?? `grace.${uid()}@example.org`;
  return [
    ...(over.trace === false
      ? []
      : [`Return-Path: <${from}>`, `Delivered-To: ${to}`, "Received: from mail.example.org (mail.example.org [10.1.2.3])\r\n\tby mx.provider.test with ESMTPS id 4B2x; Mon, 23 Nov 2026 10:00:00 +0000"]),
    `From: Grace <${from}>`,
    `To: ${to}`,
    `Subject: ${over.subject ?? "Re: Quick question"}`,
    `Message-ID: <${over.messageId ?? `${uid()}@example.org`}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    over.body ?? `Thanks, Thursday works. ${uid()}`,
    "",
  ].join("\r\n");
}

interface Row {
  id: string;
  source: string;
  connectionId: string | null;
  folder: string | null;
  messageIdHeader: string | null;
  state: string;
  mailFrom: string;
  rcptTo: string;
  remoteAddress: string;
  helo: string | null;
  tls: number;
}

const rowsOf = (workspaceId: string): Row[] =>
  app.ctx.db.$client
    .query<Row, [string]>(
      `SELECT id, source, connection_id AS connectionId, folder, message_id_header AS messageIdHeader, state, mail_from AS mailFrom, rcpt_to AS rcptTo,
              remote_address AS remoteAddress, helo, tls FROM inbound_messages WHERE workspace_id = ?1 ORDER BY message_id_header`,
    )
    .all(workspaceId);

const cursorOf = (connectionId: string, folder: string) =>
  app.ctx.db.$client
    .query<{ uidValidity: string; lastUid: number; workspaceId: string }, [string, string]>(
      "SELECT uid_validity AS uidValidity, last_uid AS lastUid, workspace_id AS workspaceId FROM imap_cursors WHERE connection_id = ?1 AND folder = ?2",
    )
    .get(connectionId, folder);

/** Reads `m`'s mailbox once and expects it to have worked. */
async function sync(r: ImapReader, m: Mailbox) {
  const [outcome] = await r.syncNow(m.connectionId);
  if (!outcome?.ok) throw new Error(`sync failed: ${JSON.stringify(outcome)}`);
  return outcome;
}

const midOf = (raw: string) => /Message-ID: <([^>]+)>/.exec(raw)![1]!;

describe("reading folders", () => {
  test("new mail in INBOX and in a second folder becomes inbound messages (source imap, connection, folder) and is ingested", async () => {
    const m = await connect(app.newWorkspace(), { folders: ["INBOX", "Replies"] });
    const a = mail(m.email);
    const b = mail(m.email, { trace: false });
    await dovecot.append(m.box, "INBOX", a);
    await dovecot.append(m.box, "Replies", b);
    const received = new Topic();
    let published = 0;
    received.subscribe(() => published++);

    const outcome = await sync(reader(received), m);
    expect(outcome.folders.map((f) => [f.folder, f.status, f.stored])).toEqual([
      ["INBOX", "read", 1],
      ["Replies", "read", 1],
    ]);
    expect(published).toBeGreaterThan(0); // the ingest is woken at once

    const rows = rowsOf(m.w.id);
    const byMid = new Map(rows.map((r) => [r.messageIdHeader, r]));
    expect(rows).toHaveLength(2);
    expect(byMid.get(midOf(a))).toMatchObject({ source: "imap", connectionId: m.connectionId, folder: "INBOX", state: "received", helo: null, tls: 0 });
    expect(byMid.get(midOf(b))).toMatchObject({ source: "imap", connectionId: m.connectionId, folder: "Replies" });
    // the envelope: Return-Path, the identity it was delivered to, no public hop (10.1.2.3 is the provider's inside)
    expect(byMid.get(midOf(a))!.mailFrom).toBe(/Return-Path: <([^>]+)>/.exec(a)![1]!);
    expect(JSON.parse(byMid.get(midOf(a))!.rcptTo)).toEqual([m.email]);
    expect(byMid.get(midOf(a))!.remoteAddress).toBe("0.0.0.0");
    expect(byMid.get(midOf(b))!.mailFrom).toBe("");

    // the same ingest as the listener's mail
    await ingestReceived(app.ctx);
    expect(rowsOf(m.w.id).map((r) => r.state)).toEqual(["processed", "processed"]);

    // reading never marks the owner's mail as seen
    const owner = await dovecot.owner(m.box);
    await owner.mailboxOpen("INBOX", { readOnly: true });
    const [seen] = await owner.fetchAll("1:*", { flags: true });
    expect([...(seen!.flags ?? [])]).not.toContain("\\Seen");
  });

  test("with IDLE, mail arriving in the first folder is read without being asked", async () => {
    const m = await connect(app.newWorkspace());
    const r = reader();
    await sync(r, m); // connected, and idling on INBOX
    const raw = mail(m.email);
    await dovecot.append(m.box, "INBOX", raw);
    await until(() => rowsOf(m.w.id).some((row) => row.messageIdHeader === midOf(raw)), "the IDLE wake-up", 15_000);
    expect(rowsOf(m.w.id)).toHaveLength(1);
  });

  test("without IDLE, every folder is read again every pollMs", async () => {
    const m = await connect(app.newWorkspace(), { box: NO_IDLE, folders: ["INBOX", "Replies"] });
    const r = reader(new Topic(), 50);
    await sync(r, m);
    const a = mail(m.email);
    const b = mail(m.email);
    await dovecot.append(m.box, "INBOX", a);
    await dovecot.append(m.box, "Replies", b);
    await until(() => rowsOf(m.w.id).length === 2, "two polls' worth of mail", 15_000);
    expect(rowsOf(m.w.id).map((row) => row.messageIdHeader).sort()).toEqual([midOf(a), midOf(b)].sort());
  });

  test("a new reader on the same database resumes after the last UID: no duplicates, no gaps; a lost cursor re-reads without storing twice", async () => {
    const m = await connect(app.newWorkspace(), { folders: ["INBOX", "Archive"] });
    await dovecot.append(m.box, "INBOX", mail(m.email));
    await dovecot.append(m.box, "Archive", mail(m.email));
    const first = reader();
    await sync(first, m);
    expect(rowsOf(m.w.id)).toHaveLength(2);
    await first.stop(5000);

    // while nobody reads
    const later = [mail(m.email), mail(m.email), mail(m.email)];
    await dovecot.append(m.box, "INBOX", later[0]!);
    await dovecot.append(m.box, "INBOX", later[1]!);
    await dovecot.append(m.box, "Archive", later[2]!);

    const second = reader();
    const outcome = await sync(second, m);
    expect(outcome.folders.map((f) => [f.folder, f.submitted])).toEqual([
      ["INBOX", 2],
      ["Archive", 1],
    ]);
    const mids = rowsOf(m.w.id).map((r) => r.messageIdHeader);
    expect(mids).toHaveLength(5);
    expect(new Set(mids).size).toBe(5);
    for (const raw of later) expect(mids).toContain(midOf(raw));
    expect(cursorOf(m.connectionId, "INBOX")!.lastUid).toBe(3);
    expect(cursorOf(m.connectionId, "Archive")!.lastUid).toBe(2);

    // a crash between storing and moving the cursor: the folder is read again, nothing is stored twice
    app.ctx.db.$client.run("UPDATE imap_cursors SET last_uid = 0 WHERE connection_id = ?1 AND folder = 'INBOX'", [m.connectionId]);
    const again = await sync(second, m);
    expect(again.folders[0]).toMatchObject({ folder: "INBOX", submitted: 3, stored: 0 });
    expect(rowsOf(m.w.id)).toHaveLength(5);
    expect(cursorOf(m.connectionId, "INBOX")!.lastUid).toBe(3);
  });

  test("a folder with a new UIDVALIDITY is read again from the start: what was stored stays once, new mail is read", async () => {
    const m = await connect(app.newWorkspace(), { folders: ["INBOX", "Replies"] });
    const old = mail(m.email);
    const first = await dovecot.append(m.box, "Replies", old);
    const r = reader();
    await sync(r, m);
    expect(cursorOf(m.connectionId, "Replies")).toMatchObject({ uidValidity: first.uidValidity.toString(), lastUid: 1 });

    // the server renumbers the folder: deleted and created again, the old message back in and a new one
    await dovecot.recreate(m.box, "Replies");
    const fresh = mail(m.email);
    const again = await dovecot.append(m.box, "Replies", old);
    await dovecot.append(m.box, "Replies", fresh);
    expect(again.uidValidity).not.toBe(first.uidValidity);
    expect(again.uid).toBe(1); // UID 1 again: only the UIDVALIDITY tells it is not the message we read

    const outcome = await sync(r, m);
    expect(outcome.folders[1]).toMatchObject({ folder: "Replies", submitted: 2, stored: 1 });
    const mids = rowsOf(m.w.id).map((row) => row.messageIdHeader);
    expect(mids.sort()).toEqual([midOf(old), midOf(fresh)].sort());
    expect(cursorOf(m.connectionId, "Replies")).toMatchObject({ uidValidity: again.uidValidity.toString(), lastUid: 2 });
  });

  test("a configured folder the server does not have is passed over; the others are read", async () => {
    const m = await connect(app.newWorkspace(), { folders: ["INBOX", "No such folder"] });
    await dovecot.append(m.box, "INBOX", mail(m.email));
    const outcome = await sync(reader(), m);
    expect(outcome.folders.map((f) => [f.folder, f.status])).toEqual([
      ["INBOX", "read"],
      ["No such folder", "missing"],
    ]);
    expect(rowsOf(m.w.id)).toHaveLength(1);
  });
});

describe("our own mail is never taken for a reply", () => {
  test("copies of our messages (by Message-ID), mail from the connection's own address and Sent, Drafts and Trash are skipped; the cursor moves past them", async () => {
    const w = app.newWorkspace();
    const m = await connect(w, { folders: ["INBOX", "Sent", "Drafts", "Trash", "Junk"] });
    const sent = await queueMessage(w, { identityId: m.identityId });
    const header = app.ctx.db.$client.query<{ h: string }, [string]>("SELECT message_id_header AS h FROM messages WHERE id = ?1").get(sent.id)!.h;
    expect(header).toStartWith(`${sent.id}@`);

    await dovecot.append(m.box, "INBOX", mail("someone@example.org", { from: m.email, messageId: header })); // a provider's copy of what we sent
    await dovecot.append(m.box, "INBOX", mail("someone@example.org", { from: m.email.toUpperCase() })); // written from the mailbox by hand
    await dovecot.append(m.box, "Sent", mail("someone@example.org"));
    await dovecot.append(m.box, "Drafts", mail("someone@example.org"));
    await dovecot.append(m.box, "Trash", mail(m.email));
    // a Message-ID shaped like ours that is not one of this workspace's messages is not ours
    const lookalike = mail(m.email, { messageId: `msg_${"0".repeat(32)}@northwind.test` });
    await dovecot.append(m.box, "INBOX", lookalike);
    const junk = mail(m.email); // replies land in Junk often enough: it is read
    await dovecot.append(m.box, "Junk", junk);

    const outcome = await sync(reader(), m);
    expect(outcome.folders.map((f) => [f.folder, f.status, f.submitted, f.skipped])).toEqual([
      ["INBOX", "read", 1, 2],
      ["Sent", "not_read", 0, 0],
      ["Drafts", "not_read", 0, 0],
      ["Trash", "not_read", 0, 0],
      ["Junk", "read", 1, 0],
    ]);
    expect(rowsOf(w.id).map((r) => r.messageIdHeader).sort()).toEqual([midOf(lookalike), midOf(junk)].sort());
    expect(cursorOf(m.connectionId, "INBOX")!.lastUid).toBe(3);
    expect(cursorOf(m.connectionId, "Sent")).toBeNull();
  });

  test("a message the listener stored first and the reader finds later is stored once", async () => {
    const m = await connect(app.newWorkspace());
    const body = mail(m.email, { trace: false });
    // the listener's copy: the same store, routed to the identity
    const smtp = await new InboundStore(app.ctx).submit({
      raw: Buffer.from(body),
      mailFrom: "grace@example.org",
      recipients: [{ address: m.email, routes: [{ workspaceId: m.w.id, via: "identity", messageId: null }] }],
      remoteAddress: "127.0.0.1",
      helo: "mail.example.org",
      tls: false,
    });
    // the mailbox's copy carries trace headers of its own
    await dovecot.append(m.box, "INBOX", `Return-Path: <grace@example.org>\r\nDelivered-To: ${m.email}\r\n${body}`);

    const outcome = await sync(reader(), m);
    expect(outcome.folders[0]).toMatchObject({ submitted: 1, stored: 0 });
    const rows = rowsOf(m.w.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: smtp.stored[0]!.id, source: "smtp" });
  });
});

describe("which connections are read", () => {
  test("an archived connection stops being read", async () => {
    const m = await connect(app.newWorkspace());
    await dovecot.append(m.box, "INBOX", mail(m.email));
    const r = reader();
    await sync(r, m);
    expect(rowsOf(m.w.id)).toHaveLength(1);

    archiveConnection(app.ctx, { workspaceId: m.w.id, id: m.connectionId });
    r.refresh();
    await dovecot.append(m.box, "INBOX", mail(m.email));
    expect(await r.syncNow(m.connectionId)).toEqual([]);
    await r.syncNow();
    expect(rowsOf(m.w.id)).toHaveLength(1);
  });

  test("a test-mode workspace's connections are not read (nothing of test mode connects anywhere)", async () => {
    const w = app.newWorkspace();
    const m = await connect(w, { api: "test" });
    await dovecot.append(m.box, "INBOX", mail(m.email));
    expect(await reader().syncNow(m.connectionId)).toEqual([]);
    expect(rowsOf(w.testId)).toHaveLength(0);
  });
});

describe("health", () => {
  const healthOf = (connectionId: string) =>
    app.ctx.db.$client.query<{ status: string | null; detail: string | null }, [string]>("SELECT health_status AS status, health_detail AS detail FROM connections WHERE id = ?1").get(connectionId)!;
  const healthEvents = (w: TestWorkspace, connectionId: string) =>
    app.ctx.db.$client
      .query<{ data: string }, [string]>("SELECT data FROM events WHERE workspace_id = ?1 AND type = 'connection.health_changed' ORDER BY id")
      .all(w.id)
      .map((e) => JSON.parse(e.data))
      .filter((d) => d.id === connectionId)
      .map((d) => d.health && { status: d.health.status, detail: d.health.detail });

  test("a refused login makes the connection failing (connection.health_changed); a login that works again makes it healthy", async () => {
    const w = app.newWorkspace();
    const m = await connect(w, { password: "not-the-password" });
    await dovecot.append(m.box, "INBOX", mail(m.email));
    const r = reader();
    const [outcome] = await r.syncNow(m.connectionId);
    expect(outcome).toMatchObject({ connectionId: m.connectionId, ok: false });
    expect(healthOf(m.connectionId)).toEqual({ status: "failing", detail: "IMAP login failed: [AUTHENTICATIONFAILED] Authentication failed." });
    expect(healthEvents(w, m.connectionId)).toEqual([{ status: "failing", detail: "IMAP login failed: [AUTHENTICATIONFAILED] Authentication failed." }]);
    expect(rowsOf(w.id)).toHaveLength(0);

    // a second refusal is no news
    await r.syncNow(m.connectionId);
    expect(healthEvents(w, m.connectionId)).toHaveLength(1);

    // the right password: the reader connects again with it
    expectOk(await w.api.patch(`/v1/connections/${m.connectionId}`, { imap: { password: password(m.box) } }));
    r.refresh();
    await sync(r, m);
    expect(healthOf(m.connectionId)).toEqual({ status: "healthy", detail: null });
    expect(healthEvents(w, m.connectionId).at(-1)).toEqual({ status: "healthy", detail: null });
    expect(rowsOf(w.id)).toHaveLength(1);
  });

  test("a failure another check recorded (smtp verification) is neither overwritten nor cleared by IMAP", async () => {
    const w = app.newWorkspace();
    const m = await connect(w, { password: "not-the-password" });
    const smtpFailure = "535 5.7.8 Authentication credentials invalid";
    transact(app.ctx, (tx, outbox) => setConnectionHealth(app.ctx, tx, outbox, { workspaceId: w.id, connectionId: m.connectionId, status: "failing", detail: smtpFailure }));
    const r = reader();
    await r.syncNow(m.connectionId);
    expect(healthOf(m.connectionId)).toEqual({ status: "failing", detail: smtpFailure });

    expectOk(await w.api.patch(`/v1/connections/${m.connectionId}`, { imap: { password: password(m.box) } }));
    r.refresh();
    await sync(r, m);
    expect(healthOf(m.connectionId)).toEqual({ status: "failing", detail: smtpFailure });
  });
});

describe("TLS", () => {
  test("implicit TLS and required STARTTLS both read, and the messages say the session was TLS", async () => {
    const w = app.newWorkspace();
    const implicit = await connect(w, { tls: "implicit" });
    const starttls = await connect(w, { tls: "starttls" });
    await dovecot.append(implicit.box, "INBOX", mail(implicit.email));
    await dovecot.append(starttls.box, "INBOX", mail(starttls.email));
    const r = reader();
    await sync(r, implicit);
    await sync(r, starttls);
    const rows = rowsOf(w.id);
    expect(rows.map((row) => [row.connectionId, row.tls]).sort()).toEqual(
      [
        [implicit.connectionId, 1],
        [starttls.connectionId, 1],
      ].sort(),
    );
  });
});

describe("tenant isolation", () => {
  test("each connection's mail lands in its own workspace only", async () => {
    const one = await connect(app.newWorkspace("One"));
    const two = await connect(app.newWorkspace("Two"));
    const shared = mail("someone@example.org"); // the same message in both mailboxes: each workspace keeps its copy
    const onlyOne = mail(one.email);
    const onlyTwo = mail(two.email);
    await dovecot.append(one.box, "INBOX", shared);
    await dovecot.append(one.box, "INBOX", onlyOne);
    await dovecot.append(two.box, "INBOX", shared);
    await dovecot.append(two.box, "INBOX", onlyTwo);

    const r = reader();
    await r.syncNow();
    expect(rowsOf(one.w.id).map((row) => [row.messageIdHeader, row.connectionId]).sort()).toEqual(
      [
        [midOf(shared), one.connectionId],
        [midOf(onlyOne), one.connectionId],
      ].sort(),
    );
    expect(rowsOf(two.w.id).map((row) => [row.messageIdHeader, row.connectionId]).sort()).toEqual(
      [
        [midOf(shared), two.connectionId],
        [midOf(onlyTwo), two.connectionId],
      ].sort(),
    );
    expect(cursorOf(one.connectionId, "INBOX")!.workspaceId).toBe(one.w.id);
    expect(cursorOf(two.connectionId, "INBOX")!.workspaceId).toBe(two.w.id);
    // one workspace's API shows none of the other's
    const listed = (await one.w.api.get("/v1/inbound_messages")).body.data.map((x: any) => x.id);
    expect(listed.sort()).toEqual(rowsOf(one.w.id).map((row) => row.id).sort());
  });
});

describe("the envelope of a mailbox's message", () => {
  test("the client of the topmost Received header naming a public address, else 0.0.0.0; Return-Path as MAIL FROM", () => {
    expect(
      clientAddress([
        "from localhost (localhost [127.0.0.1]) by mx.provider.test (Postfix) with ESMTP id 1",
        "from relay.internal (relay.internal [10.0.0.5]) by mx.provider.test with ESMTP id 2",
        "from mail.example.org (mail.example.org [93.184.215.14]) by mx.provider.test with ESMTPS id 3",
        "from laptop (unknown [81.2.69.160]) by mail.example.org with ESMTPSA id 4",
      ]),
    ).toBe("93.184.215.14");
    expect(clientAddress(["from mail.example.org ([IPv6:2a00:1450:4864:20::42b]) by mx.provider.test"])).toBe("2a00:1450:4864:20::42b");
    // a bracketed address after `by` is the receiving host, not the client
    expect(clientAddress(["by mx.provider.test [93.184.215.14] with HTTP"])).toBe("0.0.0.0");
    expect(clientAddress([])).toBe("0.0.0.0");
    expect(returnPath("<grace@example.org>")).toBe("grace@example.org");
    expect(returnPath("<>")).toBe("");
    expect(returnPath(undefined)).toBe("");
  });
});

test("the address words of To/Cc are those a scan finds, and a long run with no '@' is read in linear time", () => {
  const SCAN = /[^\s<>(),;:"]+@[^\s<>(),;:"]+/g;
  let seed = 3;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const alphabet = ["a", "b", "@", "@", " ", "<", ">", ",", ";", '"', ".", "x.org", "(", ")"];
  for (let i = 0; i < 3000; i++) {
    const value = Array.from({ length: 1 + next(25) }, () => alphabet[next(alphabet.length)]).join("");
    expect({ value, words: addressWords(value) }).toEqual({ value, words: value.match(SCAN) ?? [] });
  }
  // no timing assertion: the scan tried every character of such a run, to its end
  expect(addressWords("a".repeat(300_000) + " Grace <grace@example.org>")).toEqual(["grace@example.org"]);
});
