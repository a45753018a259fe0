// /u/{token}: the List-Unsubscribe URL of real campaign messages (a test-mode
// workspace's campaign, sent by the MTA), over real HTTP with no credential —
// the page a GET shows, and RFC 8058's one-click POST in each body a client
// may send, observed through the API and the rows it wrote.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deliveryEvents, enrollments } from "../../src/db/schema";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { campaignMessages, enrollmentsOf, mailbox, people, runUntil, startedCampaign, step, variant, type Mailbox } from "../helpers/campaigns";
import { createPerson, uid } from "../helpers/factory";
import { Api, expectOk, expectProblem, type Answer } from "../helpers/http";

let app: TestApp;
let anon: Api;
beforeAll(async () => {
  app = await startTestApp();
  anon = new Api(app.url, null);
});
afterAll(() => app.close());

const ONE_CLICK = "List-Unsubscribe=One-Click";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const twoSteps = { steps: [step(), step({ name: "Bump", delay_seconds: 2 * 86_400, same_thread: true, variants: [variant({ text: "Any thoughts?" })] })] };

interface Setup {
  w: TestWorkspace;
  box: Mailbox;
  person: { id: string; email: string };
}

async function setup(email?: string): Promise<Setup> {
  const w = app.newWorkspace();
  const box = await mailbox(app, w.testApi);
  const [person] = await people(w.testApi, 1, () => (email ? { email } : {}));
  return { w, box, person: person as Setup["person"] };
}

/** A two-step campaign of `s`'s mailbox for its person: step 1 sent, the enrollment live (waiting for step 2). */
async function sent(s: Setup) {
  const campaign = await startedCampaign(app, s.w.testApi, { senders: { identity_ids: [s.box.identityId] }, ...twoSteps }, [s.person.id]);
  await runUntil(app, app.clock.now());
  const [message] = campaignMessages(app, campaign.id);
  expect(message!.status).toBe("sent");
  expect(message!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const enrollment = enrollmentsOf(app, campaign.id)[0]!;
  expect(enrollment.status).toBe("active");
  app.clock.set(app.clock.now() + 60_000); // the click comes after the mail
  return { campaign, message: message!, enrollment, path: `/u/${message!.unsubscribeToken}` };
}

const enrollmentStatus = (id: string) => app.ctx.db.select().from(enrollments).where(eq(enrollments.id, id)).get()!;
const suppressionsOf = async (w: TestWorkspace, email: string) => (await w.testApi.get(`/v1/suppressions?email=${encodeURIComponent(email)}`)).body.data as any[];
const unsubscribedEvents = async (w: TestWorkspace, messageId?: string) =>
  (await w.testApi.get(`/v1/delivery_events?type=unsubscribed${messageId ? `&message_id=${messageId}` : ""}`)).body.data as any[];
const eventsOf = async (w: TestWorkspace, type: string) => (await w.testApi.get(`/v1/events?type=${type}&limit=100`)).body.data as any[];
const person = async (w: TestWorkspace, id: string) => (await w.testApi.get(`/v1/people/${id}`)).body;

function expectPageHeaders(a: Answer): void {
  expect(a.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const csp = a.headers.get("content-security-policy")!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("style-src 'unsafe-inline'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).not.toContain("script-src");
  expect(a.headers.get("x-content-type-options")).toBe("nosniff");
  expect(a.headers.get("cache-control")).toBe("no-store");
  expect(a.headers.get("referrer-policy")).toBe("no-referrer");
  expect(a.headers.get("location")).toBeNull(); // never a redirect (RFC 8058 §3.2)
}

/** Everything one unsubscribe of `s.person` through message `m` writes, exactly once. */
async function expectUnsubscribedOnce(s: Setup, m: { id: string; campaignId: string | null; stepId: string | null; variantId: string | null }, detail: string) {
  const [ev, ...more] = await unsubscribedEvents(s.w);
  expect(more).toEqual([]);
  expect(ev).toMatchObject({ message_id: m.id, person_id: s.person.id, type: "unsubscribed", recipient: s.person.email, detail });
  // tied to the message's campaign, step and variant: analytics count it there
  const row = app.ctx.db.select().from(deliveryEvents).where(eq(deliveryEvents.id, ev.id)).get()!;
  expect([row.campaignId, row.stepId, row.variantId]).toEqual([m.campaignId, m.stepId, m.variantId]);
  const [sup, ...moreSup] = await suppressionsOf(s.w, s.person.email);
  expect(moreSup).toEqual([]);
  expect(sup.reason).toBe("unsubscribed");
  expect(sup.evidence).toMatchObject({ delivery_event_id: ev.id, message_id: m.id });
  const p = await person(s.w, s.person.id);
  expect(p.status).toBe("unsubscribed");
  expect(p.last_activity_at).toBe(new Date(app.clock.now()).toISOString());
  const created = await eventsOf(s.w, "suppression.created");
  expect(created.map((e) => e.data.id)).toEqual([sup.id]);
  const recorded = (await eventsOf(s.w, "delivery_event.recorded")).filter((e) => e.data.type === "unsubscribed");
  expect(recorded.map((e) => e.data.id)).toEqual([ev.id]);
}

describe("GET /u/{token}", () => {
  test("a confirmation page: the address masked and escaped, one button that POSTs RFC 8058's body back here, no script", async () => {
    const s = await setup(`&o'neil-${uid()}@example.org`);
    const { path } = await sent(s);
    const r = await anon.get(path);
    expectOk(r);
    expectPageHeaders(r);
    expect(r.text).toContain("<strong>&#38;***@example.org</strong>");
    expect(r.text).not.toContain(s.person.email.split("@")[0]!.slice(1)); // the rest of the local part is not shown
    expect(r.text).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    const forms = [...r.text.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
    expect(forms).toEqual(['<form method="post">']); // no action: it posts to this very URL
    expect(r.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(r.text.match(/<button\b/g)).toHaveLength(1);
  });

  test("changes nothing (mail scanners follow links)", async () => {
    const s = await setup();
    const { path, enrollment } = await sent(s);
    for (let i = 0; i < 3; i++) expectOk(await anon.get(path));
    expect(await unsubscribedEvents(s.w)).toEqual([]);
    expect(await suppressionsOf(s.w, s.person.email)).toEqual([]);
    expect((await person(s.w, s.person.id)).status).toBe("active");
    expect(enrollmentStatus(enrollment.id).status).toBe("active");
  });
});

describe("POST /u/{token}", () => {
  test("RFC 8058 one-click (form body): 200 at once; the event, the suppression with its evidence, the person unsubscribed, the live enrollment stopped, the events emitted", async () => {
    const s = await setup();
    const { path, message, enrollment } = await sent(s);
    const r = await anon.post(path, ONE_CLICK, FORM);
    expectOk(r);
    expectPageHeaders(r);
    expect(r.text).toContain("You are unsubscribed");
    await expectUnsubscribedOnce(s, message, "one-click unsubscribe (RFC 8058)");
    const e = enrollmentStatus(enrollment.id);
    expect(e.status).toBe("stopped");
    expect(e.statusDetail).toBe("the person unsubscribed");
    expect((await eventsOf(s.w, "enrollment.stopped")).map((x) => x.data.id)).toEqual([enrollment.id]);
  });

  test("the page's own button says so in the event's detail", async () => {
    const s = await setup();
    const { path, message } = await sent(s);
    expectOk(await anon.post(path, `${ONE_CLICK}&from=page`, FORM));
    await expectUnsubscribedOnce(s, message, "unsubscribe page");
  });

  test("with no body at all (some clients send none)", async () => {
    const s = await setup();
    const { path, message } = await sent(s);
    const res = await fetch(app.url + path, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    await expectUnsubscribedOnce(s, message, "one-click unsubscribe (RFC 8058)");
  });

  test("with a multipart/form-data body", async () => {
    const s = await setup();
    const { path, message } = await sent(s);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await fetch(app.url + path, { method: "POST", body: form });
    expect(res.status).toBe(200);
    await expectUnsubscribedOnce(s, message, "one-click unsubscribe (RFC 8058)");
  });

  test("a second unsubscribe, through the same message or another one to the address, answers 200 and writes nothing", async () => {
    const s = await setup();
    const first = await sent(s);
    const second = await sent(s);
    expectOk(await anon.post(first.path, ONE_CLICK, FORM));
    expect(enrollmentStatus(second.enrollment.id).status).toBe("stopped"); // every live enrollment of the person
    for (const path of [first.path, second.path, first.path]) {
      const r = await anon.post(path, ONE_CLICK, FORM);
      expectOk(r);
      expect(r.text).toContain("You are unsubscribed");
    }
    await expectUnsubscribedOnce(s, first.message, "one-click unsubscribe (RFC 8058)");
    expect((await eventsOf(s.w, "enrollment.stopped")).map((x) => x.data.id).sort()).toEqual([first.enrollment.id, second.enrollment.id].sort());
  });

  test("an unknown, tampered or malformed token: 404, the same answer for each, nothing written", async () => {
    const s = await setup();
    const { message } = await sent(s);
    const token = message.unsubscribeToken!;
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const answers: string[] = [];
    for (const t of [tampered, "A".repeat(32), "short", "not%20a%20token", "x".repeat(200)]) {
      for (const r of [await anon.get(`/u/${t}`), await anon.post(`/u/${t}`, ONE_CLICK, FORM)]) {
        expect(r.status).toBe(404);
        expectPageHeaders(r);
        answers.push(r.text);
      }
    }
    expect(new Set(answers).size).toBe(1);
    expect(await unsubscribedEvents(s.w)).toEqual([]);
    expect(await suppressionsOf(s.w, s.person.email)).toEqual([]);
  });

  test("a token is looked up through messages_unsubscribe_idx, whatever the workspace", () => {
    const plan = app.ctx.db.$client.query("EXPLAIN QUERY PLAN SELECT id FROM messages WHERE unsubscribe_token = ?1 LIMIT 1").all("x") as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("USING INDEX messages_unsubscribe_idx");
  });

  test("a body over 4 KiB: 413, declared or streamed, nothing written", async () => {
    const s = await setup();
    const { path } = await sent(s);
    const big = `${ONE_CLICK}&pad=${"x".repeat(5000)}`;
    expectProblem(await anon.post(path, big, FORM), 413, "payload_too_large");
    const chunks = [ONE_CLICK, `&pad=${"x".repeat(3000)}`, "x".repeat(3000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next === undefined) c.close();
        else c.enqueue(new TextEncoder().encode(next));
      },
    });
    expectProblem(await anon.post(path, stream, FORM), 413, "payload_too_large");
    expect(await unsubscribedEvents(s.w)).toEqual([]);
    expect((await person(s.w, s.person.id)).status).toBe("active");
  });

  test("a body of another type: 415", async () => {
    const s = await setup();
    const { path } = await sent(s);
    expectProblem(await anon.post(path, ONE_CLICK, { "content-type": "text/plain" }), 415, "unsupported_media_type");
    expectProblem(await anon.post(path, { "List-Unsubscribe": "One-Click" }), 415, "unsupported_media_type");
    expect(await unsubscribedEvents(s.w)).toEqual([]);
  });

  test("a token acts in its own workspace only: another workspace's person with the same address stays reachable", async () => {
    const email = `shared-${uid()}@example.org`;
    const s = await setup(email);
    const other = await setup(email);
    const mine = await sent(s);
    const theirs = await sent(other);
    expectOk(await anon.post(mine.path, ONE_CLICK, FORM));
    await expectUnsubscribedOnce(s, mine.message, "one-click unsubscribe (RFC 8058)");
    expect(await suppressionsOf(other.w, email)).toEqual([]);
    expect(await unsubscribedEvents(other.w)).toEqual([]);
    expect((await person(other.w, other.person.id)).status).toBe("active");
    expect(enrollmentStatus(theirs.enrollment.id).status).toBe("active");
    expect(await eventsOf(other.w, "suppression.created")).toEqual([]);
  });

  test("a message outside any campaign unsubscribes its address too", async () => {
    const s = await setup();
    const p = await createPerson(s.w.testApi);
    const r = await s.w.testApi.post("/v1/messages", { sender_identity_id: s.box.identityId, to: [p.email], subject: "Hello", text: "Hi" });
    expectOk(r, 201);
    const row = app.ctx.db.$client.query("SELECT unsubscribe_token AS token FROM messages WHERE id = ?1").get(r.body.id) as { token: string };
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expectOk(await anon.post(`/u/${row.token}`, ONE_CLICK, FORM));
    const [sup] = await suppressionsOf(s.w, p.email);
    expect(sup).toMatchObject({ reason: "unsubscribed", evidence: { message_id: r.body.id } });
    expect((await person(s.w, p.id)).status).toBe("unsubscribed");
  });
});
