// The message's own text part: text/plain when there is one with text,
// else its HTML reduced to text. Attachments and attached messages
// (message/rfc822: a forwarded or returned original) are not the writer's text.
import { header, ORIGINAL_TYPES, type Entity } from "../../../smtp-in/bounces/mime";
import { htmlToText } from "./html";

const ATTACHED = new Set([...ORIGINAL_TYPES, "message/delivery-status", "message/global-delivery-status", "message/feedback-report"]);

export function bodyText(msg: Entity): string {
  const plain = first(msg, "text/plain");
  if (plain && plain.text.trim() !== "") return plain.text;
  const html = first(msg, "text/html");
  return html ? htmlToText(html.text) : "";
}

function first(e: Entity, type: string): Entity | null {
  if (ATTACHED.has(e.type) || isAttachment(e)) return null;
  if (e.parts.length === 0) return e.type === type ? e : null;
  for (const p of e.parts) {
    const found = first(p, type);
    if (found && (type !== "text/plain" || found.text.trim() !== "")) return found;
  }
  return null;
}

function isAttachment(e: Entity): boolean {
  return /^\s*attachment/i.test(header(e, "content-disposition") ?? "");
}
