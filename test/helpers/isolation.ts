// The tenant-isolation check every resource's tests call: a resource made in
// workspace A is invisible from workspace B and from A's own test-mode twin.
import { expect } from "bun:test";
import { expectProblem, type Api } from "./http";

export interface IsolationCase {
  /** e.g. `/v1/quota_scopes/qsc_…` */
  resourcePath: string;
  /** The list that contains it in A, e.g. `/v1/quota_scopes` */
  listPath?: string;
  /** The id to look for in lists */
  id: string;
  /** Extra routes with the id: [method, path, body?] */
  routes?: [string, string, unknown?][];
}

export async function expectIsolated(others: Api[], c: IsolationCase): Promise<void> {
  for (const api of others) {
    expectProblem(await api.get(c.resourcePath), 404, "not_found");
    for (const [method, path, body] of c.routes ?? []) {
      const r = await api.request(method, path, body, { "idempotency-key": `iso-${crypto.randomUUID()}`, "if-match": "*" });
      expectProblem(r, 404, "not_found");
    }
    if (c.listPath) {
      const sep = c.listPath.includes("?") ? "&" : "?";
      const list = await api.get(`${c.listPath}${sep}limit=100`);
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body.data)).not.toContain(c.id);
    }
  }
}
