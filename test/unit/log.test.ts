// Log lines are one JSON object each; request entries are formatted when written.
import { describe, expect, test } from "bun:test";
import { createLogger, formatRequest, type RequestEntry } from "../../src/lib/log";

const entry: RequestEntry = { at: Date.UTC(2026, 10, 21, 12, 0, 0, 7), method: "GET", path: '/v1/x"y\\z', status: 404, ms: 1.23456, requestId: "req_1", workspaceId: null };

describe("log lines", () => {
  test("a request entry becomes one JSON line with every field, the path escaped", () => {
    const line = formatRequest(entry);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({ time: "2026-11-21T12:00:00.007Z", level: "info", msg: "request", method: "GET", path: '/v1/x"y\\z', status: 404, duration_ms: 1.23, request_id: "req_1", workspace_id: null });
    expect(JSON.parse(formatRequest({ ...entry, workspaceId: "wsp_1" })).workspace_id).toBe("wsp_1");
  });

  test("the sink receives request entries as they are and other lines formatted", () => {
    const got: unknown[] = [];
    const log = createLogger((e) => got.push(e));
    log.request(entry);
    log.warn("careful", { n: 1, text: "a\nb" });
    expect(got[0]).toBe(entry);
    expect(JSON.parse(got[1] as string)).toMatchObject({ level: "warn", msg: "careful", n: 1, text: "a\nb" });
  });
});
