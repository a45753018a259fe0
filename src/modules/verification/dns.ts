// One caching DNS resolver per running appliance: preflight, verification and
// sending share its answers (kept for their TTL, at most a day).
import type { Ctx } from "../../context";
import { createCachingResolver, createResolver, type Resolver } from "../../lib/dns/resolver";

const shared = new WeakMap<Ctx, Resolver>();

/** The Ctx's resolver over NEARBOUND_DNS_SERVERS (or /etc/resolv.conf), created on first use. */
export function dnsResolver(ctx: Ctx): Resolver {
  let r = shared.get(ctx);
  if (!r) {
    r = createCachingResolver(createResolver({ servers: ctx.config.dnsServers }), { clock: ctx.clock });
    shared.set(ctx, r);
  }
  return r;
}
