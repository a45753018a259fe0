// The one story every example of the OpenAPI document tells, so the examples
// agree with each other: the workspace "Northwind Outreach" creates a custom
// field and a group, imports a CSV of prospects into the group (an import.run
// job), Amara Okafor is one of them, a segment selects the fintech leads, an
// export writes them to a file, a manual suppression stops mail to one address,
// and a webhook endpoint receives the import.completed event.
// Ids are made as newId makes them (UUIDv7: the first 48 bits are the moment
// of creation), so each id sorts with its created_at.

/** `<prefix>_<32 hex>`: the UUIDv7 of the moment `at`, with a fixed tail (3 hex of counter, then 16 starting with the variant 8-b). */
export function exampleId(prefix: string, at: string, tail: string): string {
  if (!/^[0-9a-f]{3}[89ab][0-9a-f]{15}$/.test(tail)) throw new Error(`example id tail ${tail}: 19 hex digits, the 4th 8-b`);
  return `${prefix}_${Date.parse(at).toString(16).padStart(12, "0")}7${tail}`;
}

/** Moments of the story (RFC 3339, UTC, as the API writes them). */
export const AT = {
  workspace: "2026-01-12T08:30:00.000Z",
  workspaceUpdated: "2026-02-03T14:05:11.482Z",
  key: "2026-01-12T08:30:00.412Z",
  quotaScope: "2026-01-15T12:00:00.000Z",
  quotaScopeUpdated: "2026-02-27T17:20:31.554Z",
  endpoint: "2026-01-20T09:45:12.337Z",
  field: "2026-02-20T16:41:09.215Z",
  group: "2026-03-02T10:15:37.604Z",
  importCreated: "2026-03-04T09:12:30.481Z",
  person: "2026-03-04T09:12:36.207Z",
  importFinished: "2026-03-04T09:12:41.930Z",
  deliveryAttempt: "2026-03-04T09:12:42.105Z",
  delivered: "2026-03-04T09:12:42.289Z",
  segment: "2026-03-05T13:48:22.019Z",
  suppression: "2026-03-06T10:03:44.871Z",
  exportCreated: "2026-03-09T08:00:05.322Z",
  exportReady: "2026-03-09T08:00:07.910Z",
  exportExpires: "2026-03-16T08:00:07.910Z",
  lastActivity: "2026-03-17T15:26:03.000Z",
  personUpdated: "2026-03-18T11:02:54.730Z",
} as const;

/** The ids of the story, one per prefix (Id(prefix) shows its prefix's). */
export const EXAMPLE_IDS = {
  wsp: exampleId("wsp", AT.workspace, "39ebe65f53e9421ce50"),
  key: exampleId("key", AT.key, "08181670eae679f02e8"),
  qsc: exampleId("qsc", AT.quotaScope, "34188a79023c39c2006"),
  whe: exampleId("whe", AT.endpoint, "1ad8fccd268a29a0d34"),
  fld: exampleId("fld", AT.field, "1f8801ef56e64dc3cd6"),
  grp: exampleId("grp", AT.group, "000a9065c3146e80a9c"),
  imp: exampleId("imp", AT.importCreated, "09682670bbe4f4c5497"),
  job: exampleId("job", AT.importCreated, "0978c56cf2d133187c8"),
  per: exampleId("per", AT.person, "3eda5247f2866028de7"),
  evt: exampleId("evt", AT.importFinished, "07b859b42b4ea410fb9"),
  whd: exampleId("whd", AT.importFinished, "04482f29a422eb14ab2"),
  seg: exampleId("seg", AT.segment, "3c98d0f0cc022238dac"),
  sup: exampleId("sup", AT.suppression, "3a9be2092f073ff80b9"),
  exp: exampleId("exp", AT.exportCreated, "12595aef7ac86d66c7a"),
  pwh: exampleId("pwh", AT.quotaScope, "1ad94fb12853ef86dcf"),
  msg: exampleId("msg", "2026-03-17T15:20:11.604Z", "285ba21818b904ce608"),
} as const;

/** The test-mode twin of the workspace, made with it. */
export const EXAMPLE_TWIN_ID = exampleId("wsp", AT.workspace, "39f913e3b266f850f15");

/** Where the example appliance answers (NEARBOUND_BASE_URL). */
export const EXAMPLE_BASE_URL = "https://outreach.northwind-trading.com";
