// Is an open or click a person, or a machine acting for the mailbox (privacy proxy,
// link scanner, prefetcher)? Pure and cheap: called once per tracking hit. The rules
// and the evidence behind each are in docs/tracking.md ("Machine opens and clicks").
import { compileCidrs, inCidrs, parseAddress } from "./cidr.ts";

export interface Hit {
  kind: "open" | "click";
  method: string; // GET, HEAD…
  userAgent: string | null;
  ip: string; // the peer address (or the first X-Forwarded-For hop behind a trusted proxy)
  // Purpose / Sec-Purpose / X-Moz: prefetch markers. Sec-Fetch-Mode is carried but not
  // judged: a real image load in a mail client is no-cors just like a proxy's.
  headers: { purpose: string | null; secPurpose: string | null; xMoz: string | null; secFetchMode?: string | null };
  at: number; // ms
  sentAt: number | null; // when the message was sent (ms)
  linkIndex: number | null; // clicks
  links: number; // tracked links in the message
  // Distinct OTHER links of this message clicked in the last 10 s: this hit excluded,
  // and this hit's own link index excluded too (a person re-clicking link A after B is not a burst).
  recentClickedLinks: number;
}

export type MachineReason =
  | "head_request"
  | "prefetch"
  | "no_user_agent"
  | "scanner_user_agent"
  | "click_too_soon"
  | "all_links_clicked"
  | "microsoft_safe_links"
  | "apple_mpp";

export const CLICK_TOO_SOON_MS = 5_000;
export const BURST_WINDOW_MS = 10_000;

// Matched against the lower-cased user agent: HTTP libraries, headless browsers,
// crawlers, and the mail-security vendors whose scanners name themselves.
// `(?<!cu)bots?(?:\b|_)` is isbot's form: "bot" as a word ending, not the Cubot phone brand.
const SCANNER_UA = new RegExp(
  [
    "curl/", "wget/", "python-requests", "python-urllib", "python-httpx", "aiohttp", "go-http-client",
    "java/", "okhttp", "apache-httpclient", "libwww-perl", "node-fetch", "axios/",
    "headlesschrome", "phantomjs", "(?<!cu)bots?(?:\\b|_)", "crawler", "spider", "facebookexternalhit",
    "barracuda", "mimecast", "proofpoint", "ironport", "symantec", "messagelabs", "trend ?micro",
    "sophos", "forti(?:net|guard)", "forcepoint", "zscaler", "urlscan", "virustotal",
  ].join("|"),
);

// Exchange Online Protection, where Safe Links / Defender fetch from ("Microsoft 365
// URLs and IP address ranges", Exchange Online: the SMTP rows carrying 40.92.0.0/15).
const MICROSOFT = compileCidrs([
  "40.92.0.0/15", "40.107.0.0/16", "52.100.0.0/14", "104.47.0.0/17",
  "2a01:111:f400::/48", "2a01:111:f403::/48",
]);
// Office apps that fetch a link themselves before (or instead of) the browser.
const MICROSOFT_UA = ["microsoft office", "ms-office", "msoffice"];

// Apple owns 17.0.0.0/8; Mail Privacy Protection's image fetches come from it.
const APPLE = compileCidrs(["17.0.0.0/8"]);

const HUMAN = { machine: false, reason: null } as const;
const machine = (reason: MachineReason) => ({ machine: true, reason });

function hasAny(ua: string, tokens: readonly string[]): boolean {
  for (const t of tokens) if (ua.includes(t)) return true;
  return false;
}

function isPrefetch(h: Hit["headers"]): boolean {
  return (
    (h.purpose !== null && h.purpose.toLowerCase().includes("prefetch")) ||
    (h.secPurpose !== null && h.secPurpose.toLowerCase().includes("prefetch")) ||
    (h.xMoz !== null && h.xMoz.toLowerCase().includes("prefetch"))
  );
}

// MPP fetches say "Mozilla/5.0" and nothing more, or a WebKit string without Safari's token.
function looksLikeMpp(ua: string): boolean {
  return ua === "mozilla/5.0" || (ua.includes("applewebkit") && !ua.includes("safari"));
}

export function judgeHit(h: Hit): { machine: boolean; reason: string | null } {
  const ua = h.userAgent === null ? "" : h.userAgent.trim().toLowerCase();
  // Gmail loads every image through its proxy when the person opens the mail: a real open.
  if (h.kind === "open" && ua.includes("googleimageproxy")) return HUMAN;
  if (h.method.length === 4 && h.method.toUpperCase() === "HEAD") return machine("head_request");
  if (isPrefetch(h.headers)) return machine("prefetch");
  if (ua === "") return machine("no_user_agent");
  if (SCANNER_UA.test(ua)) return machine("scanner_user_agent");

  if (h.kind === "click") {
    if (h.sentAt !== null && h.at - h.sentAt < CLICK_TOO_SOON_MS) return machine("click_too_soon");
    // A third distinct link inside 10 s: scanners follow every link at once (in a
    // message of three links that is all of them); a person with two links may click both.
    if (h.recentClickedLinks >= 2) return machine("all_links_clicked");
  }

  const address = parseAddress(h.ip);
  if (inCidrs(address, MICROSOFT) || hasAny(ua, MICROSOFT_UA)) {
    // Safe Links detonates clicks; Outlook's image proxy carries real opens.
    return h.kind === "click" ? machine("microsoft_safe_links") : HUMAN;
  }
  if (h.kind === "open" && inCidrs(address, APPLE) && looksLikeMpp(ua)) return machine("apple_mpp");
  return HUMAN;
}
