// Per-request facts shared by the outer server wrapper, Elysia hooks and
// routes, kept on the Request object itself.
import type { Principal } from "../../modules/workspaces/authenticate";

/** An Idempotency-Key held by a request until its answer is stored (idempotency.ts). */
export interface Reservation {
  workspaceId: string;
  api: "a" | "b";
  key: string;
  sensitive: boolean;
}

export interface RequestState {
  id: string;
  start: number;
  api: "a" | "b" | null;
  principal?: Principal;
  /** Set once a rate-limit bucket was charged (-1 before). */
  rateRemaining: number;
  rateReset: number;
  /** Set once stampHeaders wrote the common headers into Elysia's response headers. */
  stamped: boolean;
  /** The client address (looked up only when needed). */
  readonly ip: string;
  /** The Idempotency-Key this request holds until its answer is stored. */
  idempotency?: Reservation;
  /** The answer was "the database is busy": server.ts tries the request again. */
  busy: boolean;
}

interface AddressSource {
  requestIP(req: Request): { address: string } | null;
}

export class ServerRequestState implements RequestState {
  principal?: Principal;
  idempotency?: Reservation;
  busy = false;
  rateRemaining = -1;
  rateReset = 0;
  stamped = false;
  constructor(
    readonly id: string,
    readonly start: number,
    readonly api: "a" | "b" | null,
    private readonly server: AddressSource | undefined,
    private readonly request: Request,
  ) {}
  get ip(): string {
    return this.server?.requestIP(this.request)?.address ?? "unknown";
  }
}

// Kept on the Request itself: a property read is cheaper than a WeakMap lookup,
// and this runs several times per request.
const STATE = Symbol("nearbound.requestState");
type WithState = Request & { [STATE]?: RequestState };

export function setState(req: Request, s: RequestState): void {
  (req as WithState)[STATE] = s;
}

export function stateOf(req: Request): RequestState {
  return ((req as WithState)[STATE] ??= new ServerRequestState(`req_${crypto.randomUUID()}`, performance.now(), apiOfPath(pathOf(req.url)), undefined, req));
}

/** The path of a request URL without parsing the whole URL. */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

const API_A = /^\/v1\/people\/[^/]+\/verify\/?$/;

/** Which API a path belongs to: API A's paths are listed here, the rest of /v1 is API B. */
export function apiOfPath(path: string): "a" | "b" | null {
  if (API_A.test(path)) return "a";
  if (path === "/v1" || path.startsWith("/v1/")) return "b";
  return null;
}

/** The headers stampHeaders writes: every answer gets them fresh (an idempotent replay too). */
export const COMMON_HEADERS = new Set(["x-request-id", "ratelimit-policy", "ratelimit"]);

/**
 * Writes the headers every answer carries into `headers`: the request id and,
 * on the APIs, the rate-limit policy and (once charged) the bucket's state.
 */
export function stampHeaders(state: RequestState, policy: string, headers: Record<string, string | number>): void {
  headers["x-request-id"] = state.id;
  if (state.api) {
    headers["ratelimit-policy"] = policy;
    if (state.rateRemaining >= 0) headers.ratelimit = `"default";r=${state.rateRemaining};t=${state.rateReset}`;
  }
}
