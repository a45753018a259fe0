// Campaign tests' building blocks: test-mode senders made active, people,
// a campaign started through the API, and a driver that moves the fake clock
// from one due moment to the next, running the scheduler and the MTA there —
// so sends happen exactly when the schedule says and nothing sleeps.
import { and, asc, eq, inArray, isNotNull, min, sql } from "drizzle-orm";
import { campaigns, enrollments, messages } from "../../src/db/schema";
import { tick } from "../../src/modules/campaigns/scheduler";
import { sendDue } from "../../src/mta/worker";
import type { TestApp } from "./app";
import { createPerson, created, uid } from "./factory";
import { expectOk, type Api } from "./http";
import { messageBody } from "../../src/modules/messages/messages";

export interface Mailbox {
  connectionId: string;
  identityId: string;
  email: string;
}

/** An smtp connection with one identity, made active by its (test-mode) verification. */
export async function mailbox(app: TestApp, api: Api, o: { pacing?: Record<string, unknown>; tags?: string[]; name?: string } = {}): Promise<Mailbox> {
  const domain = `${uid()}.sender.test`;
  const email = `${o.name ?? "amara"}@${domain}`;
  const c = await created(api, "/v1/connections", {
    kind: "smtp",
    name: `Mailbox ${domain}`,
    smtp: { host: "127.0.0.1", port: 587, tls: "starttls", username: email, password: "app-password" },
    identities: [{ email, name: "Amara Okafor", tags: o.tags ?? [] }],
    ...(o.pacing ? { pacing: o.pacing } : {}),
  });
  await app.running.runner.drain();
  return { connectionId: c.id, identityId: c.identities[0].id, email };
}

export const people = async (api: Api, n: number, over: (i: number) => Record<string, unknown> = () => ({})) => {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createPerson(api, over(i)));
  return out;
};

export const variant = (over: Record<string, unknown> = {}) => ({ subject: "Quick question, {{ first_name | default: 'there' }}", html: "<p>Hi {{ first_name | default: 'there' }}</p>", text: "Hi {{ first_name | default: 'there' }}", ...over });
export const step = (over: Record<string, unknown> = {}) => ({ name: "Intro", variants: [variant()], ...over });

/** A campaign, its people enrolled and the campaign started (its start job run). */
export async function startedCampaign(app: TestApp, api: Api, body: Record<string, unknown>, personIds: string[]) {
  const c = await created(api, "/v1/campaigns", { name: "Outreach", steps: [step()], ...body });
  if (personIds.length) expectOk(await api.post("/v1/enrollments", { campaign_id: c.id, person_ids: personIds }, { "idempotency-key": crypto.randomUUID() }), personIds.length > 100 ? 202 : 201);
  expectOk(await api.post(`/v1/campaigns/${c.id}/start`, {}), 200);
  await app.running.runner.drain();
  return c;
}

/** The next moment something is due: a live enrollment's next run (not before its campaign rests: paced_until) or a queued message. */
export function nextDue(app: TestApp): number | null {
  const db = app.ctx.db;
  const e = db
    .select({ at: sql<number | null>`min(max(${enrollments.nextRunAt}, coalesce(${campaigns.pacedUntil}, 0)))` })
    .from(enrollments)
    .innerJoin(campaigns, eq(campaigns.id, enrollments.campaignId))
    .where(and(eq(enrollments.status, "active"), isNotNull(enrollments.nextRunAt), eq(campaigns.status, "active")))
    .get()?.at;
  const m = db.select({ at: min(messages.dueAt) }).from(messages).where(eq(messages.status, "queued")).get()?.at;
  const all = [e, m].filter((x): x is number => x !== null && x !== undefined);
  return all.length ? Math.min(...all) : null;
}

/** Runs the scheduler and the MTA at every due moment up to `until` (the clock ends there). */
export async function runUntil(app: TestApp, until: number): Promise<void> {
  for (let i = 0; i < 100_000; i++) {
    while ((await tick(app.ctx)).more);
    await sendDue(app.ctx);
    const next = nextDue(app);
    if (next === null || next > until) break;
    app.clock.set(Math.max(next, app.clock.now()));
  }
  if (app.clock.now() < until) app.clock.set(until);
  while ((await tick(app.ctx)).more);
  await sendDue(app.ctx);
}

/** Message rows with their content (message_bodies) beside them, as tests read them. */
export const withBodies = (app: TestApp, rows: (typeof messages.$inferSelect)[]) =>
  rows.map((m) => ({ ...m, ...messageBody(app.ctx, m.workspaceId, m.id) }));

export const campaignMessages = (app: TestApp, campaignId: string) =>
  withBodies(app, app.ctx.db.select().from(messages).where(eq(messages.campaignId, campaignId)).orderBy(asc(messages.sendAt), asc(messages.id)).all());

export const enrollmentsOf = (app: TestApp, campaignId: string) => app.ctx.db.select().from(enrollments).where(eq(enrollments.campaignId, campaignId)).all();

export const messagesOf = (app: TestApp, ids: string[]) => withBodies(app, app.ctx.db.select().from(messages).where(inArray(messages.id, ids)).all());
