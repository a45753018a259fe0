// What POST /v1/messages (and any later caller) may ask for, checked in one
// pass so one 422 lists every problem with its pointer. Anything that can reach
// a header (addresses, subject, header names and values) follows the text
// policy here, at input; the MTA's header builder checks again and refuses.
// Extra headers are those of the MTA's allow-list (src/mta/headers.ts).
import type { MessageRecipient } from "../../db/schema";
import type { FieldError } from "../../lib/errors";
import { multiLineProblem, normalizeLineBreaks, singleLineProblem } from "../../lib/text";
import { callerHeaderProblems } from "../../mta/headers";
import type { TrackingOptions } from "../tracking/rewrite";
import { emailKey, parseEmail } from "../audience/email";

export const MESSAGE_LIMITS = {
  /** to, cc and bcc together: one message is one conversation, not a list send. */
  recipients: 50,
  subject: 998,
  /** html and text together, in UTF-8 bytes: the JSON body limit. */
  contentBytes: 1024 * 1024,
  /** send_at at most this far ahead. */
  scheduleAheadMs: 365 * 86_400_000,
} as const;

export interface MessageInput {
  senderIdentityId: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html?: string | null;
  text?: string | null;
  headers?: Record<string, string>;
  /** Milliseconds; null or absent = now. A moment in the past is now. */
  sendAt?: number | null;
  /** true = opens and clicks (POST /v1/messages); a campaign says each, and which sending domain's tracking host serves them. */
  tracking?: boolean | { opens: boolean; clicks: boolean; textClicks?: boolean; domainId?: string | null };
}

export interface CheckedMessage {
  recipients: MessageRecipient[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  sendAt: number | null;
  /** opens or clicks (the message's `tracking`). */
  tracking: boolean;
  /** What the HTML gets when the message is created (src/modules/tracking/rewrite.ts). */
  trackingOptions: TrackingOptions;
}

/** The checked, normalised message, or every problem found. */
export function checkMessageInput(input: MessageInput, now: number): { values: CheckedMessage; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (pointer: string, code: string, detail: string) => errors.push({ pointer, code, detail });

  const recipients: MessageRecipient[] = [];
  const seen = new Map<string, string>();
  if (!input.to?.length) err("/to", "required", "to needs at least one address.");
  for (const kind of ["to", "cc", "bcc"] as const) {
    (input[kind] ?? []).forEach((given, i) => {
      const pointer = `/${kind}/${i}`;
      const r = parseEmail(given);
      if (!r.ok) return err(pointer, "format", `${kind}/${i} is not a valid address: ${r.message}.`);
      const key = emailKey(r.email);
      const first = seen.get(key);
      if (first) return err(pointer, "duplicate", `${kind}/${i} repeats ${first.slice(1)}: each address receives the message once.`);
      seen.set(key, pointer);
      recipients.push({ address: r.email, kind, state: "pending", response: null });
      if (recipients.length === MESSAGE_LIMITS.recipients + 1) {
        err(pointer, "length", `A message has at most ${MESSAGE_LIMITS.recipients} recipients in to, cc and bcc together.`);
      }
    });
  }

  if (typeof input.subject !== "string" || input.subject.length === 0) err("/subject", "required", "subject is required.");
  else {
    const p = singleLineProblem(input.subject);
    if (p) err("/subject", "format", `subject ${p.message}.`);
    else if (input.subject.length > MESSAGE_LIMITS.subject) err("/subject", "length", `subject is longer than ${MESSAGE_LIMITS.subject} characters.`);
  }

  const html = input.html ?? null;
  const text = input.text ?? null;
  if (!html && !text) err("/html", "required", "Send html, text or both.");
  for (const [name, value] of [["html", html], ["text", text]] as const) {
    const p = value === null ? null : multiLineProblem(value);
    if (p) err(`/${name}`, "format", `${name} ${p.message}.`);
  }
  const bytes = Buffer.byteLength(html ?? "") + Buffer.byteLength(text ?? "");
  if (bytes > MESSAGE_LIMITS.contentBytes) err(html ? "/html" : "/text", "length", `html and text together are ${bytes} bytes; at most ${MESSAGE_LIMITS.contentBytes}.`);

  // the MTA's allow-list (src/mta/headers.ts): names, values, how many
  const headers = input.headers ?? {};
  for (const p of callerHeaderProblems(headers)) err(p.pointer, p.code, p.detail);

  const sendAt = input.sendAt ?? null;
  if (sendAt !== null && sendAt > now + MESSAGE_LIMITS.scheduleAheadMs) err("/send_at", "range", "send_at is more than 365 days ahead.");

  const t = input.tracking ?? false;
  const trackingOptions: TrackingOptions = typeof t === "boolean" ? { opens: t, clicks: t, domainId: null } : { opens: t.opens, clicks: t.clicks, textClicks: t.textClicks ?? false, domainId: t.domainId ?? null };

  return {
    values: {
      recipients,
      subject: input.subject,
      html: html === null ? null : normalizeLineBreaks(html),
      text: text === null ? null : normalizeLineBreaks(text),
      headers,
      sendAt,
      tracking: trackingOptions.opens || trackingOptions.clicks,
      trackingOptions,
    },
    errors,
  };
}
