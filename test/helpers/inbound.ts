// Inbound messages for tests: the rows the inbound listener and its ingest
// write (src/smtp-in), inserted directly as setup, so the read side (API,
// exports, events) is tested without an SMTP session. Defaults are a processed
// reply; a test that asserts a value passes it.
import type { Ctx } from "../../src/context";
import { inboundMessageRaws, inboundMessages } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import type { InboundMessageRow } from "../../src/modules/inbox/inbound-messages";

type NewInbound = typeof inboundMessages.$inferInsert;

export interface InboundSeed extends Partial<Omit<NewInbound, "workspaceId">> {
  /** The raw message; null stores none. A small reply unless given. */
  raw?: Uint8Array | string | null;
}

/** A reply of `from` to `to`, CRLF line ends, as a mailbox would send it. */
export function replyText(from = "Grace Hopper <grace.hopper@example.org>", to = "amara@mail.northwind.test", subject = "Re: Quick question"): string {
  return [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${crypto.randomUUID()}@example.org>`, "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "", "Thanks, Thursday works.", ""].join("\r\n");
}

export function seedInbound(ctx: Ctx, workspaceId: string, over: InboundSeed = {}): InboundMessageRow {
  const { raw: rawOver, ...row } = over;
  const now = ctx.clock.now();
  const raw = rawOver === undefined ? replyText() : rawOver;
  const bytes = raw === null ? null : typeof raw === "string" ? Buffer.from(raw) : Buffer.from(raw);
  const stored = ctx.db
    .insert(inboundMessages)
    .values({
      id: newId("inm"),
      workspaceId,
      state: "processed",
      kind: "other",
      mailFrom: "grace.hopper@example.org",
      rcptTo: ["amara@mail.northwind.test"],
      remoteAddress: "127.0.0.1",
      helo: "mail.example.org",
      tls: true,
      fromHeader: "Grace Hopper <grace.hopper@example.org>",
      toHeader: "amara@mail.northwind.test",
      subject: "Re: Quick question",
      messageIdHeader: `<${crypto.randomUUID()}@example.org>`,
      inReplyTo: null,
      dedupeKey: crypto.randomUUID(),
      size: bytes?.length ?? 0,
      authentication: null,
      report: null,
      matchedBy: null,
      messageId: null,
      personId: null,
      attempts: 0,
      receivedAt: now,
      processedAt: now,
      createdAt: now,
      updatedAt: now,
      ...row,
    })
    .returning()
    .get();
  if (bytes) ctx.db.insert(inboundMessageRaws).values({ id: stored.id, workspaceId, raw: bytes }).run();
  return stored;
}
