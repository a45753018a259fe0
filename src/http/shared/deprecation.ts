// A retiring route announces itself (RFC 9745 Deprecation, RFC 8594 Sunset):
// `.get("/old", h, { deprecated: { since: "2026-11-01", sunset: "2027-03-01", link } })`.
import { Elysia } from "elysia";

export interface DeprecationInfo {
  /** When the route was deprecated (ISO date). */
  since: string;
  /** When it stops answering (ISO date), at least 90 days after `since`. */
  sunset: string;
  /** Where the replacement is documented. */
  link?: string;
}

export function deprecationHeaders(d: DeprecationInfo): Record<string, string> {
  const since = Date.parse(d.since);
  const sunset = Date.parse(d.sunset);
  if (Number.isNaN(since) || Number.isNaN(sunset)) throw new Error(`invalid deprecation dates ${d.since} / ${d.sunset}`);
  if (sunset - since < 90 * 86_400_000) throw new Error("a sunset must be announced at least 90 days ahead");
  const h: Record<string, string> = { deprecation: `@${Math.floor(since / 1000)}`, sunset: new Date(sunset).toUTCString() };
  if (d.link) h.link = `<${d.link}>; rel="deprecation"`;
  return h;
}

export const deprecationPlugin = new Elysia({ name: "deprecation" }).macro({
  deprecated: (d: DeprecationInfo) => {
    const headers = deprecationHeaders(d);
    return {
      // Runs before the handler so the headers also reach error answers.
      beforeHandle({ set }: { set: { headers: Record<string, string | number> } }) {
        Object.assign(set.headers, headers);
      },
      detail: { deprecated: true },
    };
  },
});
