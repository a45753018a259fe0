// Per-request facts shared by the outer server wrapper, Elysia hooks and
// routes, keyed by the Request object itself.
import type { Principal } from "../../modules/workspaces/authenticate";

export interface RequestState {
  id: string;
  start: number;
  api: "a" | "b" | null;
  principal?: Principal;
  rate?: { policy: string; remaining: string; retryAfter?: number };
  headers: Record<string, string>;
  ip: string;
}

const states = new WeakMap<Request, RequestState>();

export function setState(req: Request, s: RequestState): void {
  states.set(req, s);
}

export function stateOf(req: Request): RequestState {
  let s = states.get(req);
  if (!s) {
    s = { id: crypto.randomUUID(), start: performance.now(), api: null, headers: {}, ip: "unknown" };
    states.set(req, s);
  }
  return s;
}

const API_A = /^\/v1\/people\/[^/]+\/verify\/?$/;

/** Which API a path belongs to: API A's paths are listed here, the rest of /v1 is API B. */
export function apiOfPath(path: string): "a" | "b" | null {
  if (API_A.test(path)) return "a";
  if (path === "/v1" || path.startsWith("/v1/")) return "b";
  return null;
}
