// The one outbound address policy (DESIGN.md §3): every connection the
// appliance opens — webhooks, verification probes, MTA deliveries, SMTP
// submission, IMAP — asks it where it may connect. Loopback, private,
// link-local, CGNAT, metadata and unspecified addresses are refused after DNS
// resolution (so a name that rebinds to one fails at connect time too), unless
// the operator allows private targets or named the host explicitly.
import type { Resolver } from "../dns/api";
import { isPublicAddress, normaliseIp } from "./address-policy";
import { checkWebhookUrl, type Resolve, type WebhookUrlCheck } from "./webhook-url";

export type TargetCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; code: "private_address" | "unresolvable"; detail: string };

export interface OutboundPolicy {
  /** NEARBOUND_ALLOW_PRIVATE_TARGETS: loopback and private addresses are allowed everywhere. */
  readonly allowPrivate: boolean;
  /** A hostname's addresses (A and AAAA) through the appliance's resolver. */
  readonly resolve: Resolve;
  /** The addresses a connection to `host` (a name or an IP literal) may use, or why none. */
  target(host: string): Promise<TargetCheck>;
  /** A webhook URL checked against the policy (scheme, credentials, addresses). */
  checkUrl(url: string): Promise<WebhookUrlCheck>;
}

export interface OutboundOptions {
  allowPrivate: boolean;
  resolver: Pick<Resolver, "lookupAll">;
  /** Hosts the operator configured by name (NEARBOUND_SMTP_RELAY): allowed wherever they point. */
  explicitHosts?: string[];
}

// RFC 6761: these names are loopback whatever a resolver says.
const isLocalhostName = (host: string) => host === "localhost" || host.endsWith(".localhost");

export function createOutboundPolicy(o: OutboundOptions): OutboundPolicy {
  const explicit = new Set((o.explicitHosts ?? []).map((h) => h.toLowerCase().replace(/\.$/, "")));
  const resolve: Resolve = async (host) => (await o.resolver.lookupAll(host)).map((a) => a.address);
  return {
    allowPrivate: o.allowPrivate,
    resolve,
    async target(raw) {
      const host = raw.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
      const mayBePrivate = o.allowPrivate || explicit.has(host);
      const literal = normaliseIp(host);
      let addresses: string[];
      if (literal) addresses = [literal];
      else {
        if (!mayBePrivate && isLocalhostName(host)) return { ok: false, code: "private_address", detail: `${host} is a loopback name` };
        try {
          addresses = (await resolve(host)).map(normaliseIp).filter((a): a is string => a !== null);
        } catch (err) {
          return { ok: false, code: "unresolvable", detail: `${host} did not resolve: ${err instanceof Error ? err.message : String(err)}` };
        }
        if (!addresses.length) return { ok: false, code: "unresolvable", detail: `${host} has no IP address` };
      }
      if (!mayBePrivate) {
        // any non-public answer refuses: the connection could land on either address
        const blocked = addresses.find((a) => !isPublicAddress(a));
        if (blocked) return { ok: false, code: "private_address", detail: literal ? `${blocked} is not a public address` : `${host} resolves to non-public address ${blocked}` };
      }
      return { ok: true, addresses };
    },
    checkUrl: (url) => checkWebhookUrl(url, { allowPrivate: o.allowPrivate, resolve }),
  };
}
