// SPF, DKIM, DMARC and ARC for every message (mailauth), through the
// project's DNS client: Bun's node:dns splits long TXT records (DESIGN.md §5),
// which would break every 2048-bit DKIM key.
import { authenticate as mailauth } from "mailauth";
import type { InboundAuthentication } from "../../db/schema";
import { isDnsError, type Resolver } from "../../lib/dns/resolver";
import type { IngestWork } from "../work";

// mailauth reads node:dns error codes: NXDOMAIN and NODATA are "no record", the rest a temporary error
const NODE_CODES: Record<string, string> = { NXDOMAIN: "ENOTFOUND", NODATA: "ENODATA", SERVFAIL: "ESERVFAIL", TIMEOUT: "ETIMEOUT", REFUSED: "EREFUSED", FORMERR: "EFORMERR" };
const SUPPORTED = new Set(["A", "AAAA", "MX", "TXT"]);

/** mailauth's `resolver(name, type)` over ours; PTR and CNAME (unused here: iprev and BIMI are off) answer "no data". */
export function mailauthResolver(dns: Resolver) {
  return async (name: string, type: string): Promise<any[]> => {
    if (!SUPPORTED.has(type)) throw Object.assign(new Error(`${type} lookups are not made`), { code: "ENODATA" });
    try {
      return type === "TXT" ? await dns.txt(name) : (await dns.query(name, type as "A")).records;
    } catch (err) {
      if (isDnsError(err)) throw Object.assign(new Error(err.message), { code: NODE_CODES[err.code] ?? "ESERVFAIL" });
      throw err;
    }
  };
}

type Any = Record<string, any>;

/** What SPF is checked against: the client's address, its HELO and MAIL FROM. */
export interface Envelope {
  ip: string;
  helo: string | null;
  sender: string;
  /** RCPT TO: our addresses the message came to (the classifier's "ours", however To: and Cc: read). */
  recipients: string[];
}

export const envelopeOf = (row: IngestWork["row"]): Envelope => ({ ip: row.remoteAddress, helo: row.helo, sender: row.mailFrom, recipients: row.rcptTo });

/** The results for one message (here or on the analysis thread, analysis-worker.ts). */
export async function authenticateRaw(raw: Buffer, env: Envelope, dns: Resolver, hostname: string): Promise<InboundAuthentication> {
  const r: Any = await mailauth(raw, { ip: env.ip, helo: env.helo ?? undefined, sender: env.sender || undefined, mta: hostname, resolver: mailauthResolver(dns), disableBimi: true });
  return authenticationOf(r);
}

export async function authenticate(w: IngestWork): Promise<void> {
  const a = w.analysis ? (await w.analysis).authentication : await authenticateRaw(w.raw, envelopeOf(w.row), w.ctx.dns, w.ctx.config.hostname);
  // read from an IMAP folder, the message reached the provider from a client we never saw: SPF has nothing to judge
  w.authentication = w.row.source === "imap" ? { ...a, spf: { result: "none", domain: null } } : a;
}

export function authenticationOf(r: Any): InboundAuthentication {
  const dmarc: Any | false = r.dmarc || false;
  const header = (r.headers as string | undefined)?.match(/Authentication-Results:\s*([\s\S]*?)(?:\r?\n(?![ \t])|$)/)?.[1] ?? "";
  return {
    spf: { result: r.spf?.status?.result ?? "none", domain: r.spf?.domain ?? null },
    dkim: ((r.dkim?.results ?? []) as Any[]).map((d) => ({ result: d.status?.result ?? "none", domain: d.signingDomain ?? null, selector: d.selector ?? null })),
    dmarc: { result: dmarc ? (dmarc.status?.result ?? "none") : "none", domain: dmarc ? (dmarc.domain ?? null) : null, policy: dmarc ? (dmarc.policy ?? dmarc.p ?? null) : null },
    arc: { result: r.arc?.status?.result ?? "none" },
    header: header.replace(/\r?\n\s+/g, " ").trim(),
  };
}
