// A tracked message's HTML, rewritten once when the message is created (what
// is stored is what is sent): every absolute http(s) link goes through
// `<host>/t/c/<token>` and an open pixel `<host>/t/o/<token>` is added before
// </body>. mailto:, tel:, #anchors, relative links and our own unsubscribe
// link are left as they are; the text part is never touched. The original
// URLs are kept by index (tracked_links), so a click resolves only to a link
// that was in the message.
//
// htmlparser2 finds the attributes; the HTML is edited in place by their
// offsets, so everything else (comments, conditional comments, whitespace,
// entity spellings) reaches the recipient exactly as written.
import { Parser } from "htmlparser2";
import type { Ctx } from "../../context";
import { pointSelect, preparedOnce } from "../../db/prepared";
import { sendingDomains } from "../../db/schema";
import { trackingName } from "../sending/domains/records";
import { clickToken, MAX_LINK_INDEX, openToken } from "./tokens";

export interface TrackingOptions {
  opens: boolean;
  clicks: boolean;
  /** The sending domain whose track.<domain> serves the links (when its CNAME is verified). */
  domainId: string | null;
}

export interface Rewritten {
  html: string;
  /** Distinct original URLs by index (the same URL twice is one link). */
  links: string[];
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
export function rewriteHtml(html: string, a: { key: Ctx["secrets"] | Uint8Array; messageId: string; host: string; ours: string[]; opens: boolean; clicks: boolean }): Rewritten {
  const edits: { from: number; to: number; text: string }[] = [];
  const links: string[] = [];
  const indexOf = new Map<string, number>();
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
        let i = indexOf.get(url);
        if (i === undefined) {
          if (links.length > MAX_LINK_INDEX) return;
          indexOf.set(url, (i = links.length));
          links.push(url);
        }
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
  if (!edits.length) return { html, links };
  let out = "";
  let at = 0;
  for (const e of edits) {
    out += html.slice(at, e.from) + e.text;
    at = e.to;
  }
  return { html: out + html.slice(at), links };
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

/** The message's tracked HTML and its links written (tracked_links), inside the message's transaction. */
export function trackMessage(ctx: Ctx, a: { workspaceId: string; messageId: string; html: string; tracking: TrackingOptions }): string {
  if (!a.tracking.opens && !a.tracking.clicks) return a.html;
  const host = trackingHost(ctx, a.workspaceId, a.tracking.domainId);
  const ours = [...new Set([baseOf(ctx).toLowerCase(), host.toLowerCase()])];
  const r = rewriteHtml(a.html, { key: ctx.secrets, messageId: a.messageId, host, ours, opens: a.tracking.opens, clicks: a.tracking.clicks });
  const insert = preparedOnce(ctx.db, "tracking.insertLink", () => ctx.db.$client.prepare("INSERT INTO tracked_links (message_id, idx, url) VALUES (?1, ?2, ?3)"));
  r.links.forEach((url, i) => insert.run(a.messageId, i, url));
  return r.html;
}
