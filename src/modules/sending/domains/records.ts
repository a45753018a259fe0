// The DNS records a sending domain publishes, built from its keys and this
// appliance's names (NEARBOUND_HOSTNAME, the host of NEARBOUND_BASE_URL).
// They are rebuilt at every check, so a changed hostname shows up as records
// to publish again rather than as stale values.
//
// Why SPF sits on the return-path host: receivers check SPF against the
// envelope sender, and every message's envelope sender is a VERP address at
// bounce.<domain> (src/mta/addresses.ts), so that is the name whose SPF
// counts; DMARC's relaxed alignment accepts it for <domain>. The domain's own
// SPF record, if any, is left alone.
import type { Config } from "../../../config";
import type { DomainRecord } from "../../../db/schema";

/** `nb` + 8 random characters + `r` (RSA) or `e` (Ed25519). */
export const SELECTOR_LENGTH = 11;
/** The longest name built on a domain: `<selector>._domainkey.`. */
export const LONGEST_RECORD_PREFIX = SELECTOR_LENGTH + "._domainkey.".length;

/** Where DSNs for the domain's mail arrive: the MX of this name points at this appliance. */
export function returnPathHost(domain: string): string {
  return `bounce.${domain}`;
}
export const trackingName = (domain: string) => `track.${domain}`;
export const dmarcName = (domain: string) => `_dmarc.${domain}`;
export const dkimName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;

/** This appliance's names the records point at. */
export interface RecordTargets {
  /** NEARBOUND_HOSTNAME: the MX of the return-path host and the SPF `a:` mechanism. */
  hostname: string;
  /** The host of NEARBOUND_BASE_URL: where tracked links resolve. */
  trackingHost: string;
}

export function recordTargets(config: Pick<Config, "hostname" | "baseUrl">): RecordTargets {
  const bare = (h: string) => h.toLowerCase().replace(/\.$/, "");
  return { hostname: bare(config.hostname), trackingHost: bare(new URL(config.baseUrl).hostname.replace(/^\[(.*)\]$/, "$1")) };
}

/** What a domain's records are made of. */
export interface RecordSource {
  domain: string;
  rsaSelector: string;
  rsaPublicKey: string;
  ed25519Selector: string;
  ed25519PublicKey: string;
}

export const SPF_VALUE = (hostname: string) => `v=spf1 a:${hostname} ~all`;
export const DMARC_VALUE = "v=DMARC1; p=none; adkim=r; aspf=r";

/**
 * The records in the order they are listed. A record equal to one of
 * `previous` (same purpose, type, name and value) keeps its status and what
 * was found; any other starts `pending`.
 */
export function domainRecords(d: RecordSource, t: RecordTargets, previous: readonly DomainRecord[] = []): DomainRecord[] {
  const bare: Omit<DomainRecord, "status" | "found">[] = [
    { purpose: "dkim", type: "TXT", name: dkimName(d.rsaSelector, d.domain), value: `v=DKIM1; k=rsa; p=${d.rsaPublicKey}` },
    { purpose: "dkim", type: "TXT", name: dkimName(d.ed25519Selector, d.domain), value: `v=DKIM1; k=ed25519; p=${d.ed25519PublicKey}` },
    { purpose: "spf", type: "TXT", name: returnPathHost(d.domain), value: SPF_VALUE(t.hostname) },
    { purpose: "return_path", type: "MX", name: returnPathHost(d.domain), value: `10 ${t.hostname}` },
    { purpose: "dmarc", type: "TXT", name: dmarcName(d.domain), value: DMARC_VALUE },
    { purpose: "tracking", type: "CNAME", name: trackingName(d.domain), value: t.trackingHost },
  ];
  return bare.map((r) => {
    const same = previous.find((p) => p.purpose === r.purpose && p.type === r.type && p.name === r.name && p.value === r.value);
    return { ...r, status: same?.status ?? "pending", found: same?.found ?? null };
  });
}

/** Which records `verified` needs: all of them, the tracking CNAME only while tracking is on. */
export function isRequired(r: Pick<DomainRecord, "purpose">, tracking: boolean): boolean {
  return r.purpose !== "tracking" || tracking;
}
