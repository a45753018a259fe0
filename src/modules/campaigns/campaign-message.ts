// What one step's message for one person is made of: the variant's templates
// rendered for the person and the sender (with the AI snippets), the
// preheader as hidden preview text, and — for a `same_thread` step whose
// conversation kept its sender — `Re:` and the threading headers of the
// message it answers.
import type { CampaignTracking } from "../../db/schema";
import type { MessageRow } from "../messages/messages";
import type { MessageInput } from "../messages/message-input";
import type { PoolMember } from "./pacing";
import type { StepRow, VariantRow } from "./rows";
import { renderTemplates, type MergeData } from "./templates";

export interface PersonData {
  id: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  company: string | null;
  timezone: string | null;
  custom: Record<string, unknown>;
}

/** The earlier message a same_thread step answers: what threading needs of it. */
export type Previous = Pick<MessageRow, "senderIdentityId" | "subject" | "messageIdHeader" | "headers">;

export type Made = { ok: true; input: Omit<MessageInput, "sendAt"> } | { ok: false; detail: string };

/** The message's content, or why the variant cannot be rendered for this person (the enrollment is held `invalid`). */
export function makeMessage(a: { step: StepRow; variant: VariantRow; person: PersonData; sender: PoolMember; variables: Record<string, string>; previous: Previous | null; seed: string; tracking: CampaignTracking }): Made {
  const data: MergeData = {
    person: { email: a.person.email, givenName: a.person.givenName, familyName: a.person.familyName, company: a.person.company, timezone: a.person.timezone, custom: a.person.custom },
    sender: { name: a.sender.name, email: a.sender.email },
    variables: a.variables,
  };
  const v = a.variant;
  const r = renderTemplates({ subject: v.subject, preheader: v.preheader, html: v.html, text: v.text }, data, a.seed);
  if (!r.ok) return { ok: false, detail: `variant ${v.id} (${v.name}) cannot be rendered for ${a.person.email}: ${r.field}: ${r.detail}` };
  // a reply in the conversation only when the conversation kept its sender (a reassigned one starts a new thread)
  const thread = a.step.sameThread && a.previous && a.previous.senderIdentityId === a.sender.identityId ? a.previous : null;
  return {
    ok: true,
    input: {
      senderIdentityId: a.sender.identityId,
      to: [a.person.email],
      cc: v.cc,
      bcc: v.bcc,
      subject: thread ? replySubject(thread.subject) : r.subject,
      html: r.html ? withPreheader(r.html, r.preheader) : null,
      text: r.text || null,
      headers: thread ? threadHeaders(thread) : {},
      tracking: a.tracking,
    },
  };
}

const REPLY_PREFIX = /^\s*(re|aw|sv|antw)\s*:/i;

export function replySubject(subject: string): string {
  return REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`;
}

/** In-Reply-To the previous message; References its references and it (RFC 5322 §3.6.4), the last ten kept. */
function threadHeaders(previous: Previous): Record<string, string> {
  const id = `<${previous.messageIdHeader}>`;
  const earlier = (previous.headers["References"] ?? "").split(/\s+/).filter(Boolean);
  return { "In-Reply-To": id, References: [...earlier, id].slice(-10).join(" ") };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The preheader as hidden preview text at the top of the body (what inbox lists show after the subject). */
function withPreheader(html: string, preheader: string | null): string {
  if (!preheader) return html;
  const hidden = `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all" aria-hidden="true">${escapeHtml(preheader)}</div>`;
  const body = /<body[^>]*>/i.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + hidden + html.slice(body.index + body[0].length) : hidden + html;
}
