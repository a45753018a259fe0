// Open and click tracking over real HTTP: a tracked message's HTML (links
// rewritten, the pixel added, what must not be touched left alone), the pixel
// and the redirect with their headers, the delivery events they record (tied
// to the message, person, campaign, step and variant, with the machine
// verdict), tokens that must not resolve, open-redirect attempts, and a clean
// shutdown that commits a hit answered before its batch.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createAppContext } from "../../src/app-context";
import { loadConfig } from "../../src/config";
import { deliveryEvents, messages, trackedLinks } from "../../src/db/schema";
import { PIXEL_GIF } from "../../src/http/public/tracking.routes";
import { FakeClock, iso } from "../../src/lib/clock";
import { silentLogger } from "../../src/lib/log";
import { hitRecorder } from "../../src/modules/tracking/record";
import { clickToken, openToken } from "../../src/modules/tracking/tokens";
import { createWorkspace } from "../../src/modules/workspaces/workspaces";
import { Runtime, services } from "../../src/runtime";
import { HttpServer } from "../../src/server";
import { startTestApp, type TestApp, type TestWorkspace } from "../helpers/app";
import { campaignMessages, mailbox, people, runUntil, startedCampaign, step, variant, withBodies } from "../helpers/campaigns";
import { afterJobs, created, uid, uniqueEmail } from "../helpers/factory";
import { Api, expectOk } from "../helpers/http";
import { smtpSender } from "../helpers/sending";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = { "user-agent": BROWSER };
const BASE = () => app.ctx.config.baseUrl.replace(/\/+$/, "");

const HTML = [
  "<html><head><title>Hi</title></head><body>",
  `<p>See <a class="cta" href="https://northwind.example/pricing?plan=pro&amp;ref=mail">pricing</a>,`,
  ` <a href='http://northwind.example/blog'>the blog</a> and <a href=https://northwind.example/pricing?plan=pro&ref=mail>pricing again</a>.</p>`,
  `<p><a href="mailto:amara@northwind.example">Mail</a> <a href="tel:+15551234567">Call</a> <a href="#top">Top</a> <a href="/relative/path">Relative</a></p>`,
  `<p><a href="{{BASE}}/u/sometoken">Unsubscribe</a></p>`,
  "<!--[if mso]><p>Outlook</p><![endif]-->",
  "</body></html>",
].join("\n");
const TEXT = "See pricing: https://northwind.example/pricing?plan=pro&ref=mail";

/** A tracked message of a test-mode workspace through POST /v1/messages. */
async function trackedMessage(w: TestWorkspace, over: Record<string, unknown> = {}) {
  const sender = await smtpSender({ api: w.testApi });
  return created(w.testApi, "/v1/messages", {
    sender_identity_id: sender.identityId,
    to: [uniqueEmail("recipient.test")],
    subject: "Pricing",
    html: HTML.replace("{{BASE}}", BASE()),
    text: TEXT,
    tracking: true,
    ...over,
  });
}

const row = (id: string) => withBodies(app, [app.ctx.db.select().from(messages).where(eq(messages.id, id)).get()!])[0]!;
const links = (id: string) => app.ctx.db.select().from(trackedLinks).where(eq(trackedLinks.messageId, id)).orderBy(trackedLinks.idx).all();
const eventsOf = (messageId: string) => app.ctx.db.select().from(deliveryEvents).where(eq(deliveryEvents.messageId, messageId)).orderBy(deliveryEvents.id).all();
const recorded = () => hitRecorder(app.ctx).flush();
const pathOf = (url: string) => url.slice(BASE().length);

/** A sent campaign message (test mode) with opens and clicks tracked, and the clock a minute later. */
async function campaignMessage(html = `<p>Hi {{ first_name | default: 'there' }}, <a href="https://northwind.example/demo">book a demo</a> or <a href="https://northwind.example/docs">read the docs</a>.</p>`) {
  const w = app.newWorkspace();
  const box = await mailbox(app, w.testApi);
  const [person] = await people(w.testApi, 1);
  const campaign = await startedCampaign(
    app,
    w.testApi,
    { senders: { identity_ids: [box.identityId] }, tracking: { opens: true, clicks: true }, steps: [step({ variants: [variant({ html })] })] },
    [person!.id],
  );
  await runUntil(app, app.clock.now());
  const [message] = campaignMessages(app, campaign.id);
  expect(message!.status).toBe("sent");
  app.clock.set(app.clock.now() + 60_000);
  return { w, person: person!, campaign, message: message! };
}

/** The tracked URLs of a stored HTML body, in order. */
const trackedUrls = (html: string, kind: "o" | "c") => [...html.matchAll(new RegExp(`${BASE().replace(/[.:/]/g, "\\$&")}/t/${kind}/([A-Za-z0-9_-]+)`, "g"))].map((m) => m[0]);

describe("rewriting at creation", () => {
  test("links become signed click URLs, the pixel goes before </body>; mailto, tel, anchors, relative and unsubscribe links and the text part stay", async () => {
    const w = app.newWorkspace();
    const m = await trackedMessage(w);
    expect(m.tracking).toBe(true);
    const stored = row(m.id);
    const html = stored.html!;
    const clicks = trackedUrls(html, "c");
    expect(clicks).toHaveLength(3);
    // the same URL twice is one link (one index)
    expect(clicks[0]).toBe(clicks[2]!);
    expect(links(m.id).map((l) => [l.idx, l.url])).toEqual([
      [0, "https://northwind.example/pricing?plan=pro&ref=mail"],
      [1, "http://northwind.example/blog"],
    ]);
    expect(html).toContain(`<a class="cta" href="${clicks[0]}">pricing</a>`);
    expect(html).not.toContain("northwind.example/pricing");
    for (const kept of ['href="mailto:amara@northwind.example"', 'href="tel:+15551234567"', 'href="#top"', 'href="/relative/path"', `href="${BASE()}/u/sometoken"`, "<!--[if mso]><p>Outlook</p><![endif]-->"]) {
      expect(html).toContain(kept);
    }
    const [pixel] = trackedUrls(html, "o");
    expect(html).toContain(`<img src="${pixel}" width="1" height="1" alt=""`);
    expect(html.indexOf(pixel!)).toBeLessThan(html.indexOf("</body>"));
    expect(stored.text).toBe(TEXT);
    // the API shows what is stored and sent
    expect((await w.testApi.get(`/v1/messages/${m.id}`)).body.html).toBe(html);
  });

  test("an untracked message is stored as given; HTML without </body> gets the pixel at the end", async () => {
    const w = app.newWorkspace();
    const plain = await trackedMessage(w, { tracking: false });
    expect(row(plain.id).html).toBe(HTML.replace("{{BASE}}", BASE()));
    expect(links(plain.id)).toEqual([]);
    const bare = await trackedMessage(w, { html: '<p><a href="https://northwind.example/">x</a></p>' });
    expect(row(bare.id).html).toMatch(/^<p><a href="[^"]+\/t\/c\/[A-Za-z0-9_-]{48}">x<\/a><\/p><img src="[^"]+\/t\/o\/[A-Za-z0-9_-]{44}"/);
  });

  test("without a text part, the one sent is derived from the HTML as written: its links are the original ones", async () => {
    const w = app.newWorkspace();
    const m = await trackedMessage(w, { text: null });
    const text = row(m.id).text!;
    expect(text).toContain("https://northwind.example/pricing?plan=pro&ref=mail");
    expect(text).toContain("http://northwind.example/blog");
    expect(text).not.toContain("/t/c/");
    expect(text).not.toContain("/t/o/");
    // untracked, nothing is derived ahead: the MTA derives it when it renders
    expect(row((await trackedMessage(w, { text: null, tracking: false })).id).text).toBeNull();
  });

  test("asked for (text_clicks), the text part's URLs go through the same click tokens as the HTML's, punctuation and mailto left alone", async () => {
    const w = app.newWorkspace();
    const text = [
      "See pricing: https://northwind.example/pricing?plan=pro&ref=mail.",
      "The docs (https://northwind.example/docs) and https://en.example/wiki/Set_(mathematics), or <https://northwind.example/blog?x=1>!",
      `Write to mailto:amara@northwind.example or unsubscribe at ${BASE()}/u/sometoken`,
    ].join("\n");
    const m = await trackedMessage(w, { text, tracking: { opens: true, clicks: true, text_clicks: true } });
    const stored = row(m.id);
    const byUrl = new Map(links(m.id).map((l) => [l.url, l.idx]));
    expect([...byUrl.keys()]).toEqual([
      "https://northwind.example/pricing?plan=pro&ref=mail",
      "http://northwind.example/blog",
      "https://northwind.example/docs",
      "https://en.example/wiki/Set_(mathematics)",
      "https://northwind.example/blog?x=1",
    ]);
    const url = (u: string) => `${BASE()}/t/c/${clickToken(app.ctx.secrets, m.id, byUrl.get(u)!)}`;
    expect(stored.text).toBe(
      [
        `See pricing: ${url("https://northwind.example/pricing?plan=pro&ref=mail")}.`,
        `The docs (${url("https://northwind.example/docs")}) and ${url("https://en.example/wiki/Set_(mathematics)")}, or <${url("https://northwind.example/blog?x=1")}>!`,
        `Write to mailto:amara@northwind.example or unsubscribe at ${BASE()}/u/sometoken`,
      ].join("\n"),
    );
    // the HTML's pricing link and the text's are one link
    expect(trackedUrls(stored.html!, "c")[0]).toBe(url("https://northwind.example/pricing?plan=pro&ref=mail"));
    const r = await fetch(`${app.url}${pathOf(url("https://en.example/wiki/Set_(mathematics)"))}`, { headers: browser, redirect: "manual" });
    expect([r.status, r.headers.get("location")]).toEqual([302, "https://en.example/wiki/Set_(mathematics)"]);
  });

  test("text_clicks is nothing without clicks; a campaign shows it, false by default", async () => {
    const w = app.newWorkspace();
    const m = await trackedMessage(w, { tracking: { opens: true, clicks: false, text_clicks: true } });
    expect(row(m.id).text).toBe(TEXT);
    expect(links(m.id)).toEqual([]);
    const c = await created(w.testApi, "/v1/campaigns", { name: "Text links" });
    expect(c.tracking).toEqual({ opens: false, clicks: false, text_clicks: false, domain_id: null });
    const patched = await w.testApi.patch(`/v1/campaigns/${c.id}`, { tracking: { clicks: true, text_clicks: true } });
    expectOk(patched);
    expect(patched.body.tracking).toEqual({ opens: false, clicks: true, text_clicks: true, domain_id: null });
  });

  test("a campaign tracking clicks only gets no pixel", async () => {
    const w = app.newWorkspace();
    const box = await mailbox(app, w.testApi);
    const [person] = await people(w.testApi, 1);
    const html = `<p><a href="https://northwind.example/demo">demo</a></p>`;
    const campaign = await startedCampaign(app, w.testApi, { senders: { identity_ids: [box.identityId] }, tracking: { opens: false, clicks: true }, steps: [step({ variants: [variant({ html })] })] }, [person!.id]);
    await runUntil(app, app.clock.now());
    const [m] = campaignMessages(app, campaign.id);
    expect(trackedUrls(m!.html!, "c")).toHaveLength(1);
    expect(trackedUrls(m!.html!, "o")).toEqual([]);
    expect(m!.tracking).toBe(true);
  });
});

test("a campaign's tracking domain serves its links on track.<domain> once that CNAME is verified (test mode verifies it)", async () => {
  const w = app.newWorkspace();
  const domain = `${uid()}.outreach.test`;
  const d = await created(w.testApi, "/v1/sending_domains", { domain, tracking: true });
  const html = `<p><a href="https://northwind.example/demo">demo</a></p>`;
  const box = await mailbox(app, w.testApi);
  const [a, b] = await people(w.testApi, 2);
  const body = (domainId: string) => ({ senders: { identity_ids: [box.identityId] }, tracking: { opens: true, clicks: true, domain_id: domainId }, steps: [step({ variants: [variant({ html })] })] });
  // not yet verified: the base URL
  const before = await startedCampaign(app, w.testApi, body(d.id), [a!.id]);
  await runUntil(app, app.clock.now());
  expect(campaignMessages(app, before.id)[0]!.html).toContain(`href="${BASE()}/t/c/`);
  expectOk(await w.testApi.post(`/v1/sending_domains/${d.id}/verify`), 202);
  expect((await afterJobs(app, w.testApi, `/v1/sending_domains/${d.id}`)).records.find((r: any) => r.purpose === "tracking").status).toBe("verified");
  const after = await startedCampaign(app, w.testApi, body(d.id), [b!.id]);
  await runUntil(app, app.clock.now());
  const m = campaignMessages(app, after.id)[0]!;
  const scheme = new URL(BASE()).protocol;
  expect(m.html).toContain(`href="${scheme}//track.${domain}/t/c/`);
  expect(m.html).toContain(`<img src="${scheme}//track.${domain}/t/o/`);
  // the token answers wherever it arrives (the CNAME leads to this host)
  const token = /\/t\/c\/([A-Za-z0-9_-]{48})/.exec(m.html!)![1];
  const r = await fetch(`${app.url}/t/c/${token}`, { headers: browser, redirect: "manual" });
  expect([r.status, r.headers.get("location")]).toEqual([302, "https://northwind.example/demo"]);
});

describe("the pixel and the redirect", () => {
  test("an open answers the 1×1 GIF with no-cache headers and records `opened` tied to message, person, campaign, step and variant", async () => {
    const { w, person, message } = await campaignMessage();
    const [pixel] = trackedUrls(message.html!, "o");
    const a = await fetch(`${app.url}${pathOf(pixel!)}`, { headers: browser });
    expect(a.status).toBe(200);
    expect(new Uint8Array(await a.arrayBuffer())).toEqual(PIXEL_GIF);
    expect(PIXEL_GIF.length).toBe(43);
    expect(a.headers.get("content-type")).toBe("image/gif");
    expect(a.headers.get("cache-control")).toBe("no-store, no-cache, must-revalidate, max-age=0");
    expect(a.headers.get("pragma")).toBe("no-cache");
    expect(a.headers.get("expires")).toBe("0");
    await recorded();
    const [ev, ...more] = eventsOf(message.id).filter((e) => e.type === "opened");
    expect(more).toEqual([]);
    expect(ev).toMatchObject({
      workspaceId: message.workspaceId,
      personId: person.id,
      campaignId: message.campaignId,
      stepId: message.stepId,
      variantId: message.variantId,
      machine: false,
      machineReason: null,
      occurredAt: app.clock.now(),
      detail: `User-Agent: ${BROWSER}`,
    });
    expect(message.campaignId).toStartWith("cmp_");
    expect((await w.testApi.get(`/v1/people/${person.id}`)).body.last_activity_at).toBe(iso(app.clock.now()));
    // the webhook payload (the event's data) and the API carry the verdict
    const events = (await w.testApi.get("/v1/events?type=delivery_event.recorded&limit=100")).body.data as any[];
    const payload = events.find((e) => e.data.id === ev!.id)!.data;
    expect(payload).toMatchObject({ type: "opened", message_id: message.id, person_id: person.id, machine: false, machine_reason: null });
    expect((await w.testApi.get(`/v1/delivery_events/${ev!.id}`)).body).toMatchObject({ machine: false, machine_reason: null, url: null });
  });

  test("a click answers 302 to the stored link and records `clicked` with its url; only the link's own URL, whatever the request adds", async () => {
    const { w, person, message } = await campaignMessage();
    const [demo, docs] = trackedUrls(message.html!, "c");
    const a = await fetch(`${app.url}${pathOf(demo!)}?url=https://evil.example/&redirect=https://evil.example/`, { headers: browser, redirect: "manual" });
    expect(a.status).toBe(302);
    expect(a.headers.get("location")).toBe("https://northwind.example/demo");
    expect(a.headers.get("cache-control")).toBe("no-store");
    expect(a.headers.get("referrer-policy")).toBe("no-referrer");
    await recorded();
    const [ev] = eventsOf(message.id).filter((e) => e.type === "clicked");
    expect(ev).toMatchObject({ personId: person.id, campaignId: message.campaignId, stepId: message.stepId, variantId: message.variantId, url: "https://northwind.example/demo", machine: false });
    expect((await w.testApi.get(`/v1/delivery_events/${ev!.id}`)).body).toMatchObject({ type: "clicked", url: "https://northwind.example/demo", machine: false, machine_reason: null });
    // a URL appended to the token, or after it, never leads anywhere
    for (const path of [`${pathOf(docs!)}https://evil.example/`, `${pathOf(docs!)}/https://evil.example/`, `${pathOf(docs!)}%2F%2Fevil.example`, `/t/c/https%3A%2F%2Fevil.example%2F`]) {
      const r = await fetch(`${app.url}${path}`, { headers: browser, redirect: "manual" });
      expect(r.status).toBe(404);
      expect(r.headers.get("location")).toBeNull();
    }
  });

  test("HEAD is recorded as a machine's hit, the person's activity unchanged", async () => {
    const { w, person, message } = await campaignMessage();
    const [pixel] = trackedUrls(message.html!, "o");
    const [demo] = trackedUrls(message.html!, "c");
    expect((await fetch(`${app.url}${pathOf(pixel!)}`, { method: "HEAD", headers: browser })).status).toBe(200);
    const c = await fetch(`${app.url}${pathOf(demo!)}`, { method: "HEAD", headers: browser, redirect: "manual" });
    expect(c.status).toBe(302);
    expect(c.headers.get("location")).toBe("https://northwind.example/demo");
    await recorded();
    expect(eventsOf(message.id).filter((e) => e.type === "opened" || e.type === "clicked").map((e) => [e.type, e.machine, e.machineReason])).toEqual([
      ["opened", true, "head_request"],
      ["clicked", true, "head_request"],
    ]);
    const events = (await w.testApi.get("/v1/events?type=delivery_event.recorded&limit=100")).body.data as any[];
    expect(events.filter((e) => e.data.message_id === message.id && e.data.machine).map((e) => e.data.machine_reason).sort()).toEqual(["head_request", "head_request"]);
    expect((await w.testApi.get(`/v1/people/${person.id}`)).body.last_activity_at).toBeNull();
  });

  test("a scanner clicking a fresh message is recorded as a machine", async () => {
    const { message } = await campaignMessage();
    app.clock.set(message.sentAt! + 1_000); // a second after it was sent
    const [demo] = trackedUrls(message.html!, "c");
    expect((await fetch(`${app.url}${pathOf(demo!)}`, { headers: browser, redirect: "manual" })).status).toBe(302);
    await recorded();
    expect(eventsOf(message.id).find((e) => e.type === "clicked")).toMatchObject({ machine: true, machineReason: "click_too_soon" });
  });
});

test("a hit on an uncertain message (DATA may have left, no answer came) proves it arrived: settled as sent", async () => {
  const w = app.newWorkspace();
  const message = await trackedMessage(w);
  app.ctx.db.$client.run("UPDATE messages SET status = 'uncertain', recipients = json_set(recipients, '$[0].state', 'uncertain') WHERE id = ?1", [message.id]);
  const [pixel] = trackedUrls(row(message.id).html!, "o");
  expect((await fetch(`${app.url}${pathOf(pixel!)}`, { headers: browser })).status).toBe(200);
  await recorded();
  const settled = (await w.testApi.get(`/v1/messages/${message.id}`)).body;
  expect(settled).toMatchObject({ status: "sent", status_detail: "resolved as sent: its open pixel was fetched" });
  expect(settled.recipients.map((r: any) => r.state)).toEqual(["sent"]);
});

describe("tokens that do not resolve: one answer, 404", () => {
  test("tampered, truncated, extended, another kind, unknown message, link out of range, not base64url", async () => {
    const { message } = await campaignMessage();
    const [pixel] = trackedUrls(message.html!, "o");
    const [demo] = trackedUrls(message.html!, "c");
    const open = pathOf(pixel!).slice("/t/o/".length);
    const click = pathOf(demo!).slice("/t/c/".length);
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === "A" ? "B" : "A") + t.slice(i + 1);
    const unknown = `msg_${"0".repeat(31)}1`;
    const paths = [
      `/t/o/${flip(open, 5)}`, // the message id altered
      `/t/o/${flip(open, open.length - 2)}`, // the tag altered
      `/t/o/${open.slice(0, -1)}`,
      `/t/o/${open}A`,
      `/t/c/${flip(click, 25)}`, // the link index altered
      `/t/c/${click.slice(0, -4)}`,
      `/t/o/${click}`, // a click token as an open
      `/t/c/${open}`, // an open token as a click
      `/t/o/${openToken(app.ctx.secrets, unknown)}`,
      `/t/c/${clickToken(app.ctx.secrets, unknown, 0)}`,
      `/t/c/${clickToken(app.ctx.secrets, message.id, 2)}`, // the message has links 0 and 1
      `/t/o/${openToken(Buffer.alloc(32, 1), message.id)}`, // signed with another key
      `/t/o/${open.slice(0, -1)}=`,
      `/t/o/${open.slice(0, -1)}+`,
    ];
    for (const path of paths) {
      const a = await fetch(`${app.url}${path}`, { headers: browser, redirect: "manual" });
      expect([path, a.status]).toEqual([path, 404]);
      expect(a.headers.get("location")).toBeNull();
    }
    // the untouched token of the same link still resolves
    const good = await fetch(`${app.url}/t/c/${clickToken(app.ctx.secrets, message.id, 1)}`, { headers: browser, redirect: "manual" });
    expect([good.status, good.headers.get("location")]).toEqual([302, "https://northwind.example/docs"]);
  });
});

describe("a clean shutdown", () => {
  test("a hit answered before its batch commit is in the database after the runtime stops", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nearbound-tracking-"));
    const config = loadConfig({ "data-dir": dataDir, port: "0" }, { NEARBOUND_SMTP_PORT: "0" });
    const ctx = createAppContext(config, { clock: new FakeClock(Date.parse("2026-11-21T12:00:00Z")), log: silentLogger, serving: true });
    const runtime = await new Runtime(services(ctx, { port: 0, logRequests: false })).start(["db", "tracking", "http"]);
    const url = runtime.get(HttpServer).url;
    const w = createWorkspace(ctx, { name: "Shutdown" });
    const api = new Api(url, w.testApiKey);
    const sender = await smtpSender({ api });
    const m = await created(api, "/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail("recipient.test")], subject: "Hi", html: "<p>Hi</p>", tracking: true });
    const file = ctx.db.$client.filename;
    const res = await fetch(`${url}/t/o/${openToken(ctx.secrets, m.id)}`, { headers: browser });
    expect(res.status).toBe(200);
    await runtime.stop();
    ctx.db.$client.close();
    const reopened = new Database(file, { readonly: true });
    try {
      expect(reopened.query("SELECT type, machine FROM delivery_events WHERE message_id = ?1").all(m.id)).toEqual([{ type: "opened", machine: 0 }]);
    } finally {
      reopened.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
