// The message's own text part: text/plain when there is one with text,
// else its HTML reduced to text. Attachments and attached messages
// (message/rfc822: a forwarded or returned original) are not the writer's text.
import { header, ORIGINAL_TYPES, type Entity } from "../../../smtp-in/bounces/mime";
import { htmlToText } from "./html";

const ATTACHED = new Set([...ORIGINAL_TYPES, "message/delivery-status", "message/global-delivery-status", "message/feedback-report"]);

export function bodyText(msg: Entity): string {
  const plain = first(msg, "text/plain");
  const html = first(msg, "text/html");
  // a text part that only says to read the HTML one ("This message is in HTML format…"): the HTML is the text
  if (plain && plain.text.trim() !== "" && !(html && isPlaceholder(plain.text))) {
    const flowed = plain.params.format?.toLowerCase() === "flowed";
    return withoutImages(flowed ? unflow(plain.text, plain.params.delsp?.toLowerCase() === "yes") : plain.text);
  }
  return html ? withoutImages(htmlToText(html.text)) : "";
}

/** The message's own HTML part's text, or null. */
export function htmlPart(msg: Entity): string | null {
  return first(msg, "text/html")?.text ?? null;
}

const isPlaceholder = (text: string) => text.length < 400 && /\bhtml\b/i.test(text);

/** Outlook writes an inline image (a logo, a banner) into the text as "[cid:image001.png@01DB…]": no one's words. */
const withoutImages = (text: string) => (text.includes("cid:") ? text.replace(/\[cid:[^\]\s]{1,300}\]/gi, "") : text);

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

/**
 * RFC 3676 format=flowed: a line ending in a space goes on in the next one at the same quote depth (DelSp=yes: the
 * space was added, not written); a line's leading space was stuffed. Clients that wrap at 72 columns send this.
 */
export function unflow(text: string, delsp: boolean): string {
  const out: string[] = [];
  let open = false;
  let depth = -1;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const quotes = /^>*/.exec(raw)![0].length;
    let line = raw.slice(quotes);
    if (line.startsWith(" ")) line = line.slice(1);
    const soft = line.endsWith(" ") && line !== "-- ";
    if (soft && delsp) line = line.slice(0, -1);
    if (open && quotes === depth) out[out.length - 1] += line;
    else out.push((quotes ? ">".repeat(quotes) + " " : "") + line);
    open = soft;
    depth = quotes;
  }
  return out.join("\n");
}
