// Checking one published record against DNS. Each check asks the project's
// resolver (which keeps TXT record boundaries; the character-strings of one
// record are joined, so a 2048-bit key split into 255-byte strings is one
// value) and judges the answer with a pure function, tested on its own.
//
// What satisfies each record:
//   dkim         a TXT record at <selector>._domainkey.<domain> with our k= and p= (other tags allowed)
//   spf          the one SPF record at the return-path host authorises us: `a:<hostname>` or `mx`
//                (the return-path MX is this host) before any `all`; other mechanisms may stay
//   return_path  the most preferred MX of the return-path host is this host
//   dmarc        one valid DMARC record (v=DMARC1 with p=none|quarantine|reject) at _dmarc.<domain>,
//                or, when it has none, at _dmarc of a parent (receivers apply the organisational domain's)
//   tracking     track.<domain> resolves only to addresses of the tracking host (a CNAME to it does)
import { isIP } from "node:net";
import type { DomainRecord } from "../../../db/schema";
import { DnsError } from "../../../lib/dns/errors";
import type { LookupAddress, MxRecord, Resolver } from "../../../lib/dns/api";
import { dmarcName, type RecordTargets } from "./records";

/** A judged record, or a lookup nobody answered (SERVFAIL, timeout…): not evidence either way. */
export type Judgement = { status: "verified" | "missing" | "mismatch"; found: string[] | null } | { status: "unanswered"; detail: string };

const verified: Judgement = { status: "verified", found: null };
const missing: Judgement = { status: "missing", found: null };
const mismatch = (found: string[]): Judgement => ({ status: "mismatch", found });

/** A record's tags (RFC 6376 §3.2 tag-list), names lower-cased; whitespace around tags and values dropped. */
export function tagList(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return tags;
}

/** A DKIM key record is ours when its key type and public key are (whitespace in p= is folding). */
export function judgeDkim(expected: string, records: string[]): Judgement {
  if (!records.length) return missing;
  const want = tagList(expected);
  const ours = records.some((r) => {
    const tags = tagList(r);
    const v = tags.get("v");
    return (v === undefined || v === "DKIM1") && (tags.get("k") ?? "rsa").toLowerCase() === want.get("k") && (tags.get("p") ?? "").replace(/\s+/g, "") === want.get("p");
  });
  return ours ? verified : mismatch(records);
}

const isSpf = (r: string) => /^v=spf1(\s|$)/i.test(r);

/** The SPF record at the return-path host lets this host send (RFC 7208: two SPF records are a permanent error). */
export function judgeSpf(hostname: string, records: string[]): Judgement {
  const spf = records.filter(isSpf);
  if (!spf.length) return missing;
  if (spf.length > 1) return mismatch(spf);
  const host = hostname.toLowerCase();
  for (const term of spf[0]!.trim().split(/\s+/).slice(1)) {
    const t = term.toLowerCase().replace(/^\+/, "");
    if (t === `a:${host}` || t === `a:${host}.` || t === "mx") return verified;
    if (/^[~?-]?all$/.test(t)) break; // mechanisms after `all` are never reached
  }
  return mismatch(spf);
}

const mxText = (m: MxRecord) => `${m.priority} ${m.exchange}`;

/** Mail to the return-path host goes here first: this host is among its most preferred MX. */
export function judgeReturnPath(hostname: string, mx: MxRecord[]): Judgement {
  if (!mx.length) return missing;
  const best = Math.min(...mx.map((m) => m.priority));
  return mx.some((m) => m.priority === best && m.exchange === hostname.toLowerCase()) ? verified : mismatch(mx.map(mxText));
}

const isDmarc = (r: string) => /^v\s*=\s*DMARC1\s*(;|$)/.test(r);

/** One DMARC record with a policy (RFC 7489 §6.6.3: several records count as none). */
export function judgeDmarc(records: string[]): Judgement {
  const dmarc = records.filter(isDmarc);
  if (!dmarc.length) return missing;
  if (dmarc.length > 1) return mismatch(dmarc);
  const p = tagList(dmarc[0]!).get("p")?.toLowerCase();
  return p === "none" || p === "quarantine" || p === "reject" ? verified : mismatch(dmarc);
}

/** track.<domain> leads to the tracking host: every address it resolves to is one of the host's. */
export function judgeTracking(hostAddresses: readonly string[], found: string[]): Judgement {
  if (!found.length) return missing;
  const host = new Set(hostAddresses);
  return found.every((a) => host.has(a)) ? verified : mismatch(found);
}

// ---- lookups ----------------------------------------------------------------

type Lookup<T> = { ok: true; value: T } | { ok: false; detail: string };

/** An answer, an empty one for authoritative absence (NXDOMAIN, NODATA), or why nobody answered. */
async function lookup<T>(empty: T, ask: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { ok: true, value: await ask() };
  } catch (err) {
    if (err instanceof DnsError && err.isNegative) return { ok: true, value: empty };
    return { ok: false, detail: err instanceof DnsError ? `${err.rrtype} ${err.hostname}: ${err.code}` : String(err) };
  }
}

const txt = (dns: Resolver, name: string) => lookup<string[]>([], async () => (await dns.txt(name)).map((strings) => strings.join("")));
const addresses = (dns: Resolver, name: string) => lookup<string[]>([], async () => (await dns.lookupAll(name)).map((a: LookupAddress) => a.address));

const judged = <T>(l: Lookup<T>, judge: (v: T) => Judgement): Judgement => (l.ok ? judge(l.value) : { status: "unanswered", detail: l.detail });

/** Parents of a domain that could carry its organisational DMARC record, nearest first (two labels at least). */
function parents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join("."));
}

/** Checks one record of `domain` against DNS. */
export async function checkRecord(dns: Resolver, domain: string, r: DomainRecord, t: RecordTargets): Promise<Judgement> {
  switch (r.purpose) {
    case "dkim":
      return judged(await txt(dns, r.name), (records) => judgeDkim(r.value, records));
    case "spf":
      return judged(await txt(dns, r.name), (records) => judgeSpf(t.hostname, records));
    case "return_path":
      return judged(await lookup<MxRecord[]>([], () => dns.mx(r.name)), (mx) => judgeReturnPath(t.hostname, mx));
    case "dmarc": {
      const own = judged(await txt(dns, r.name), judgeDmarc);
      if (own.status !== "missing") return own;
      for (const parent of parents(domain)) {
        const inherited = judged(await txt(dns, dmarcName(parent)), judgeDmarc);
        if (inherited.status === "verified" || inherited.status === "unanswered") return inherited;
        if (inherited.status === "mismatch") return { status: "mismatch", found: inherited.found!.map((f) => `${dmarcName(parent)}: ${f}`) };
      }
      return own;
    }
    case "tracking": {
      const found = await addresses(dns, r.name);
      if (!found.ok || !found.value.length) return judged(found, (v) => judgeTracking([], v));
      const host: Lookup<string[]> = isIP(t.trackingHost) ? { ok: true, value: [t.trackingHost] } : await addresses(dns, t.trackingHost);
      if (!host.ok) return { status: "unanswered", detail: host.detail };
      return judgeTracking(host.value, found.value);
    }
  }
}
