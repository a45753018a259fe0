// Senders for message tests that need no real sending, and a message queued
// through the API. An smtp connection is made through POST /v1/connections
// (created `verifying`; its server is 127.0.0.1, which the outbound policy
// refuses, so a verification job that runs fails it at once without a socket).
// A managed identity needs a verified sending domain; where a test only needs
// its row (the envelope sender), `managedSenderRows` writes the rows as the
// connections service does.
import { connections, senderIdentities } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import type { TestApp, TestWorkspace } from "./app";
import { created, uid, uniqueEmail } from "./factory";
import { expectOk } from "./http";

export interface TestSender {
  connectionId: string;
  identityId: string;
  email: string;
}

export interface SenderOptions {
  enabled?: boolean;
  name?: string | null;
  replyTo?: string | null;
  domain?: string;
  /** Archive the connection after creating it (DELETE). */
  archived?: boolean;
}

/** An smtp connection with one identity, through the API. */
export async function smtpSender(w: Pick<TestWorkspace, "api">, o: SenderOptions = {}): Promise<TestSender> {
  const domain = o.domain ?? `${uid()}.sender.test`;
  const email = `amara@${domain}`;
  const identity = { email, name: o.name === undefined ? "Amara from Northwind" : o.name, reply_to: o.replyTo ?? null, enabled: o.enabled ?? true };
  const c = await created(w.api, "/v1/connections", {
    kind: "smtp",
    name: `Relay ${domain}`,
    smtp: { host: "127.0.0.1", port: 587, tls: "starttls", username: email, password: "app-password" },
    identities: [identity],
  });
  if (o.archived) expectOk(await w.api.delete(`/v1/connections/${c.id}`), 204);
  return { connectionId: c.id, identityId: c.identities[0].id, email };
}

/** The rows of a managed connection and its identity on `domain` (no sending domain behind them). */
export function managedSenderRows(app: Pick<TestApp, "ctx" | "clock">, w: Pick<TestWorkspace, "id">, domain: string): TestSender {
  const now = app.clock.now();
  const email = `amara@${domain}`;
  const connectionId = newId("cnx");
  const identityId = newId("sid");
  app.ctx.db.insert(connections).values({ id: connectionId, workspaceId: w.id, kind: "managed", name: `MTA ${domain}`, status: "active", createdAt: now, updatedAt: now }).run();
  app.ctx.db
    .insert(senderIdentities)
    .values({ id: identityId, workspaceId: w.id, connectionId, email, emailKey: email, domain, name: "Amara from Northwind", replyTo: null, tags: [], enabled: true, position: 0, createdAt: now, updatedAt: now })
    .run();
  return { connectionId, identityId, email };
}

/** POST /v1/messages from `sender` to a random address unless `to` is given. */
export const queueMessage = (w: Pick<TestWorkspace, "api">, sender: Pick<TestSender, "identityId">, over: Record<string, unknown> = {}) =>
  created(w.api, "/v1/messages", { sender_identity_id: sender.identityId, to: [uniqueEmail("recipient.test")], subject: "Quick question", text: "Hello there", ...over });
