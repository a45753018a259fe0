// Where a message goes: the smart host of NEARBOUND_SMTP_RELAY when one is
// set, else the recipient domain's MX hosts (RFC 5321 §5.1, implicit MX, RFC
// 7505 null MX) through the appliance's resolver; an smtp connection's mail
// goes to its own server (submission). Every host passes the outbound address
// policy before it is ever connected to.
import { domainToASCII } from "node:url";
import type { Ctx } from "../context";
import type { ServerSettings } from "../db/schema";
import { findRoute } from "../modules/verification/route";
import type { Route } from "./transport";

export type RouteFailureReason = "null_mx" | "no_such_domain" | "dns_failure" | "no_allowed_host" | "relay_unavailable" | "server_unavailable";

export type RouteResult = { ok: true; route: Route } | { ok: false; permanent: boolean; reason: RouteFailureReason; detail: string };

type RoutingCtx = Pick<Ctx, "config" | "dns" | "outbound">;

/** The route to a recipient domain: the relay, or its MX hosts in preference order with their allowed addresses. */
export async function resolveRoute(ctx: RoutingCtx, recipientDomain: string): Promise<RouteResult> {
  const relay = ctx.config.smtpRelay;
  if (relay) {
    // the operator named this host: the policy allows it wherever it points
    const t = await ctx.outbound.target(relay.host);
    if (!t.ok) return { ok: false, permanent: false, reason: "relay_unavailable", detail: `the relay ${relay.host}: ${t.detail}` };
    return { ok: true, route: { kind: "relay", destination: relay.host.toLowerCase(), hosts: [{ host: relay.host, port: relay.port, addresses: t.addresses }], tls: "opportunistic" } };
  }

  const lower = recipientDomain.trim().replace(/\.$/, "").toLowerCase();
  const domain = domainToASCII(lower) || lower;
  const found = await findRoute(ctx.dns, domain);
  switch (found.route) {
    case "null_mx":
      return { ok: false, permanent: true, reason: "null_mx", detail: `${domain} accepts no mail (null MX, RFC 7505)` };
    case "none":
      return { ok: false, permanent: true, reason: "no_such_domain", detail: `${domain} does not exist or has no mail server (no MX and no address record)` };
    case "unknown":
      return { ok: false, permanent: false, reason: "dns_failure", detail: `the DNS lookup of ${domain}'s mail servers failed (no answer); will retry` };
  }
  const port = ctx.config.mta.mxPort;
  const checks = await Promise.all(found.hosts.map(async (host) => ({ host, check: await ctx.outbound.target(host) })));
  const hosts = checks.flatMap(({ host, check }) => (check.ok ? [{ host, port, addresses: check.addresses }] : []));
  if (!hosts.length) {
    const why = checks.map(({ check }) => (check.ok ? "" : check.detail)).join("; ");
    return { ok: false, permanent: false, reason: "no_allowed_host", detail: `no mail server of ${domain} may be connected to: ${why}` };
  }
  return { ok: true, route: { kind: "mx", destination: domain, hosts, tls: "opportunistic" } };
}

/** An smtp connection's server, with its TLS mode and credentials. */
export async function submissionRoute(ctx: Pick<Ctx, "outbound">, smtp: ServerSettings, password: string): Promise<RouteResult> {
  const t = await ctx.outbound.target(smtp.host);
  if (!t.ok) return { ok: false, permanent: false, reason: "server_unavailable", detail: `the server ${smtp.host}: ${t.detail}` };
  return {
    ok: true,
    route: { kind: "submission", destination: smtp.host.toLowerCase(), hosts: [{ host: smtp.host, port: smtp.port, addresses: t.addresses }], tls: smtp.tls, auth: { username: smtp.username, password } },
  };
}
