// A tracked message's HTML, rewritten once when the message is created (what
// is stored is what is sent): every absolute http(s) link goes through
// `<host>/t/c/<token>` and an open pixel `<host>/t/o/<token>` is added before
// </body>. mailto:, tel:, #anchors, relative links and our own unsubscribe
// link are left as they are. The text part is left alone unless the tracking
// says `textClicks`: then its bare http(s) URLs go through the same tokens
// (one index per distinct URL across both parts). A text part the MTA would
// derive from the HTML is derived here, from the HTML as written, so that it
// shows the original links unless asked. The original URLs are kept by index
// (tracked_links), so a click resolves only to a link that was in the message.
//
// htmlparser2 finds the attributes; the HTML is edited in place by their
// offsets, so everything else (comments, conditional comments, whitespace,
// entity spellings) reaches the recipient exactly as written.
import { Parser } from "htmlparser2";
import type { Ctx } from "../../context";
import { pointSelect, preparedOnce } from "../../db/prepared";
import { sendingDomains } from "../../db/schema";
import { textFromHtml } from "../../mta/mime";
import { trackingName } from "../sending/domains/records";
import { clickToken, MAX_LINK_INDEX, openToken } from "./tokens";

export interface TrackingOptions {
  opens: boolean;
  clicks: boolean;
  /** Also the links of the text part (with clicks). */
  textClicks?: boolean;
  /** The sending domain whose track.<domain> serves the links (when its CNAME is verified). */
  domainId: string | null;
}

/** The links of a message being rewritten: distinct original URLs by index (the same URL twice is one link), shared by its parts. */
export class LinkIndex {
  readonly links: string[] = [];
  private readonly indexOf = new Map<string, number>();
  /** The URL's index, or null once the token's index space is used up. */
  of(url: string): number | null {
    let i = this.indexOf.get(url);
    if (i === undefined) {
      if (this.links.length > MAX_LINK_INDEX) return null;
      this.indexOf.set(url, (i = this.links.length));
      this.links.push(url);
    }
    return i;
  }
}

const PIXEL_STYLE = "display:none;width:1px;height:1px;border:0;max-height:0;overflow:hidden;mso-hide:all";

/** Whether a link is one to rewrite: absolute http(s), and not our own unsubscribe or tracking URL. */
function trackable(url: string, ours: string[]): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  const lower = url.toLowerCase();
  for (const base of ours) if (lower.startsWith(`${base}/u/`) || lower.startsWith(`${base}/t/`)) return false;
  return URL.canParse(url);
}

/**
 * The HTML with its links and pixel; `host` is the origin the tracking URLs
 * use, `ours` every origin of the appliance (lower-case, no trailing slash)
 * whose /u/ (unsubscribe) and /t/ links are never wrapped.
 */
export function rewriteHtml(html: string, a: Rewriting & { opens: boolean; clicks: boolean }, index: LinkIndex): string {
  const edits: Edit[] = [];
  let tag = "";
  let bodyClose = -1;
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        tag = name;
      },
      onattribute(name, value, quote) {
        if (!a.clicks || tag !== "a" || name !== "href" || quote === undefined) return;
        const url = value.trim();
        if (!trackable(url, a.ours)) return;
        const i = index.of(url);
        if (i === null) return;
        // the attribute spans startIndex (its name) to endIndex (just past its value or closing quote)
        edits.push({ from: parser.startIndex, to: parser.endIndex, text: `href="${a.host}/t/c/${clickToken(a.key, a.messageId, i)}"` });
      },
      onclosetag(name, implied) {
        if (name === "body" && !implied) bodyClose = parser.startIndex;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (a.opens) {
    const pixel = `<img src="${a.host}/t/o/${openToken(a.key, a.messageId)}" width="1" height="1" alt="" style="${PIXEL_STYLE}">`;
    edits.push(bodyClose >= 0 ? { from: bodyClose, to: bodyClose, text: pixel } : { from: html.length, to: html.length, text: pixel });
  }
  return applyEdits(html, edits);
}

export interface Rewriting {
  key: Ctx["secrets"] | Uint8Array;
  messageId: string;
  host: string;
  ours: string[];
}
type Edit = { from: number; to: number; text: string };

function applyEdits(s: string, edits: Edit[]): string {
  if (!edits.length) return s;
  let out = "";
  let at = 0;
  for (const e of edits) {
    out += s.slice(at, e.from) + e.text;
    at = e.to;
  }
  return out + s.slice(at);
}

/** A URL in running text: up to whitespace, quotes or angle brackets. */
const TEXT_URL = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the URL. */
const SENTENCE_END = new Set([".", ",", ";", ":", "!", "?", "'", "*"]);
const OPENER: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** Where a URL in text ends: trailing punctuation, and a closing bracket the URL did not open, belong to the sentence (one pass each way). */
function urlInText(found: string): string {
  const count = new Map<string, number>();
  for (const c of found) if (c in OPENER || c === "(" || c === "[" || c === "{") count.set(c, (count.get(c) ?? 0) + 1);
  let end = found.length;
  while (end > 0) {
    const c = found[end - 1]!;
    const open = OPENER[c];
    if (open && (count.get(c) ?? 0) > (count.get(open) ?? 0)) count.set(c, count.get(c)! - 1);
    else if (!SENTENCE_END.has(c)) break;
    end--;
  }
  return found.slice(0, end);
}

/** The text with its bare http(s) URLs through click tokens (indexes shared with the HTML's, in `index`). */
export function rewriteText(text: string, a: Rewriting, index: LinkIndex): string {
  const edits: Edit[] = [];
  for (const m of text.matchAll(TEXT_URL)) {
    const url = urlInText(m[0]);
    if (!trackable(url, a.ours)) continue;
    const i = index.of(url);
    if (i === null) continue;
    edits.push({ from: m.index, to: m.index + url.length, text: `${a.host}/t/c/${clickToken(a.key, a.messageId, i)}` });
  }
  return applyEdits(text, edits);
}

/** NEARBOUND_BASE_URL without a trailing slash (the unsubscribe URLs are built on it the same way). */
const baseOf = (ctx: Ctx) => ctx.config.baseUrl.replace(/\/+$/, "");

/**
 * The origin tracked URLs use: track.<domain> of the chosen sending domain
 * when tracking is on for it and its CNAME is verified (with the base URL's
 * scheme: TLS for it is the operator's, as for the base URL), else
 * NEARBOUND_BASE_URL.
 */
export function trackingHost(ctx: Ctx, workspaceId: string, domainId: string | null): string {
  const base = baseOf(ctx);
  if (!domainId) return base;
  const d = pointSelect<typeof sendingDomains.$inferSelect>(ctx.db, sendingDomains)(workspaceId, domainId);
  const verified = d?.tracking && d.records.some((r) => r.purpose === "tracking" && r.status === "verified");
  if (!verified) return base;
  const u = new URL(base);
  return `${u.protocol}//${trackingName(d.domain)}${u.pathname.replace(/\/+$/, "")}`;
}

/**
 * The message's tracked HTML and text, its links written (tracked_links),
 * inside the message's transaction. Without a text part the one the MTA would
 * derive is derived here, from the HTML as written (the original links).
 */
export function trackMessage(ctx: Ctx, a: { workspaceId: string; messageId: string; html: string | null; text: string | null; tracking: TrackingOptions }): { html: string | null; text: string | null } {
  const { opens, clicks } = a.tracking;
  const textClicks = clicks && Boolean(a.tracking.textClicks);
  if (!opens && !clicks) return { html: a.html, text: a.text };
  const host = trackingHost(ctx, a.workspaceId, a.tracking.domainId);
  const how: Rewriting = { key: ctx.secrets, messageId: a.messageId, host, ours: [...new Set([baseOf(ctx).toLowerCase(), host.toLowerCase()])] };
  const index = new LinkIndex();
  const html = a.html === null ? null : rewriteHtml(a.html, { ...how, opens, clicks }, index);
  let text = a.text ?? (a.html !== null && html !== a.html ? textFromHtml(a.html) : null);
  if (text !== null && textClicks) text = rewriteText(text, how, index);
  const insert = preparedOnce(ctx.db, "tracking.insertLink", () => ctx.db.$client.prepare("INSERT INTO tracked_links (message_id, idx, url) VALUES (?1, ?2, ?3)"));
  index.links.forEach((url, i) => insert.run(a.messageId, i, url));
  return { html, text };
}
