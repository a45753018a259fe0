// A live workspace that can send through the embedded MTA: a sending domain
// whose records the loopback DNS server publishes (verified by the real job),
// and a managed connection with one identity on it.
import type { TestApp, TestWorkspace } from "./app";
import type { TestDnsServer, Zone, ZoneEntry } from "./dns";
import { afterJobs, created, uid } from "./factory";

export interface Sender {
  domain: string;
  domainId: string;
  connectionId: string;
  identityId: string;
  email: string;
}

/** Publishes every record of a sending domain's answer in the test DNS zone. */
export function publishRecords(dns: TestDnsServer, records: { type: string; name: string; value: string }[]): void {
  const zone: Zone = {};
  for (const r of records) {
    const entry: ZoneEntry = (zone[r.name] ??= {});
    if (r.type === "TXT") (entry.TXT ??= []).push(r.value);
    if (r.type === "MX") {
      const [priority, exchange] = r.value.split(/\s+/);
      (entry.MX ??= []).push({ priority: Number(priority), exchange: exchange! });
    }
    if (r.type === "CNAME") entry.CNAME = r.value;
  }
  dns.updateZone(zone);
}

export async function verifiedSender(app: TestApp, w: Pick<TestWorkspace, "api">, dns: TestDnsServer, domain = `${uid()}.outreach.test`): Promise<Sender> {
  const d = await created(w.api, "/v1/sending_domains", { domain });
  publishRecords(dns, d.records);
  const v = await w.api.post(`/v1/sending_domains/${d.id}/verify`, {});
  if (v.status >= 300) throw new Error(`verify: ${v.status} ${v.text}`);
  const verified = await afterJobs(app, w.api, `/v1/sending_domains/${d.id}`);
  if (verified.status !== "verified") throw new Error(`domain not verified: ${JSON.stringify(verified.records)}`);
  const email = `ada@${domain}`;
  const c = await created(w.api, "/v1/connections", { kind: "managed", name: `MTA ${domain}`, identities: [{ email, name: "Ada Lovelace" }] });
  return { domain, domainId: d.id, connectionId: c.id, identityId: c.identities[0].id, email };
}
