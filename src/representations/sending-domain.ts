import { domainToUnicode } from "node:url";
import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import { DOMAIN_STATUSES, RECORD_PURPOSES, type sendingDomains } from "../db/schema";
import { Id, literals, Nullable, Timestamp } from "./common";
import { EXAMPLE_BASE_URL, exampleId } from "./examples";

type SendingDomain = typeof sendingDomains.$inferSelect;
export { DOMAIN_STATUSES };

const CREATED = "2026-01-14T10:02:17.305Z";
const VERIFIED = "2026-01-14T10:31:48.116Z";
const TRACKING_HOST = new URL(EXAMPLE_BASE_URL).hostname;
const RSA_P =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA36NS+bbXvJA/Uf/BTjqnZg/UcPFcBX4rXC37bXY42125V9PTyU9kAY4/9y1x29vDINvWk2CKcGB1ZoPVJvyxxBh9PAvgabVcU14cQNxo46ds+yNFRJFpH+nTPFWdG7797cU3b4WzmY4e6eY/V9wLhw5gZS00EZdt12D5rcIbMjzVHhseqMzUCfjNRw7j/s7NJsKOYs0ypS9jR5xwiIzRxz5v4ycDtPwGg1IP+iHRYzm5+lkQIsAQA65PDL6m65PGCppd6HsOs9gcvHWxK7zqQZ4005goGd941NS1YltfWZ6lWq0hfU8ewXxrbbjno3w/eQdK4Krmv3yRYRlXjV/UaQIDAQAB";
const ED_P = "tny5GChgv/8HU3a++yqG9togaezqgG72CDzAs3RoXxo=";
const RECORD_EXAMPLES = [
  { purpose: "dkim", type: "TXT", name: "nbq7k2m4xar._domainkey.northwind-trading.com", value: `v=DKIM1; k=rsa; p=${RSA_P}` },
  { purpose: "dkim", type: "TXT", name: "nbq7k2m4xae._domainkey.northwind-trading.com", value: `v=DKIM1; k=ed25519; p=${ED_P}` },
  { purpose: "spf", type: "TXT", name: "bounce.northwind-trading.com", value: `v=spf1 a:${TRACKING_HOST} ~all` },
  { purpose: "return_path", type: "MX", name: "bounce.northwind-trading.com", value: `10 ${TRACKING_HOST}` },
  { purpose: "dmarc", type: "TXT", name: "_dmarc.northwind-trading.com", value: "v=DMARC1; p=none; adkim=r; aspf=r" },
  { purpose: "tracking", type: "CNAME", name: "track.northwind-trading.com", value: TRACKING_HOST },
];

/** northwind-trading.com, verified, link tracking on. */
export const SENDING_DOMAIN_EXAMPLE = {
  id: exampleId("dom", CREATED, "2f4ad0e6c1b98a37e51"),
  object: "sending_domain",
  domain: "northwind-trading.com",
  domain_unicode: "northwind-trading.com",
  status: "verified",
  tracking: true,
  records: RECORD_EXAMPLES.map((r) => ({ ...r, status: "verified", found: null, required: true })),
  last_error: null,
  checked_at: VERIFIED,
  verified_at: VERIFIED,
  created_at: CREATED,
  updated_at: VERIFIED,
};

const RecordSchema = t.Object(
  {
    purpose: literals(RECORD_PURPOSES, "What the record is for"),
    type: literals(["TXT", "MX", "CNAME"]),
    name: t.String({ description: "The fully qualified name to publish it at" }),
    value: t.String({ description: "The value to publish (an MX as `<preference> <host>`). A TXT value longer than 255 bytes is published as several strings of one record; most DNS hosts split it themselves" }),
    status: literals(["pending", "verified", "missing", "mismatch"], "pending: not checked yet (or not required); missing: DNS has no such record; mismatch: DNS answered something else (see found)"),
    found: Nullable(t.Array(t.String(), { description: "What DNS answered instead, one entry per record (a mismatch only)" })),
    required: t.Boolean({ description: "Whether `verified` needs it: every record, the tracking CNAME only while tracking is on" }),
  },
  { title: "SendingDomainRecord" },
);

export const SendingDomainSchema = t.Object(
  {
    id: Id("dom"),
    object: t.Literal("sending_domain"),
    domain: t.String({ description: "Lower-case, internationalised labels as A-labels (punycode)" }),
    domain_unicode: t.String({ description: "The domain with its internationalised labels as Unicode" }),
    status: literals(DOMAIN_STATUSES, "pending_verification → verifying → verified | failed; verify again from any of them"),
    tracking: t.Boolean({ description: "Whether tracked links use track.<domain> (its CNAME is then required)" }),
    records: t.Array(RecordSchema),
    last_error: Nullable(t.String({ description: "What the last check found wrong, record by record; null when it found nothing" })),
    checked_at: Nullable(Timestamp),
    verified_at: Nullable(t.String({ format: "date-time", description: "When it became verified; null while it is not" })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "SendingDomain", examples: [SENDING_DOMAIN_EXAMPLE] },
);

export function sendingDomainView(d: SendingDomain) {
  return {
    id: d.id,
    object: "sending_domain" as const,
    domain: d.domain,
    domain_unicode: domainToUnicode(d.domain) || d.domain,
    status: d.status,
    tracking: d.tracking,
    records: d.records.map((r) => ({ purpose: r.purpose, type: r.type, name: r.name, value: r.value, status: r.status, found: r.found, required: r.purpose !== "tracking" || d.tracking })),
    last_error: d.lastError,
    checked_at: iso(d.checkedAt),
    verified_at: iso(d.verifiedAt),
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}
