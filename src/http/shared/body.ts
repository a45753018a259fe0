// Request bodies: JSON by default (1 MiB); a route that takes another media
// type (CSV imports, image uploads) registers it here with its own limit and
// receives the unread stream as a RawBody.
import { DomainError } from "../../lib/errors";

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface RawBodyRoute {
  method: string;
  path: RegExp;
  types: string[];
  limit: number;
}

export class RawBody {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
    readonly limit: number,
  ) {}
}

const rawRoutes: RawBodyRoute[] = [];

export function registerRawBody(route: RawBodyRoute): void {
  rawRoutes.push(route);
}

function rawRouteFor(method: string, path: string): RawBodyRoute | undefined {
  return rawRoutes.find((r) => r.method === method && r.path.test(path));
}

export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

const isJson = (ct: string) => ct === "application/json" || ct.endsWith("+json");

/** The byte limit for a request, checked against Content-Length before reading. */
export function bodyLimit(method: string, path: string, contentType: string | null): number {
  const raw = rawRouteFor(method, path);
  return raw && raw.types.includes(mediaType(contentType)) ? raw.limit : JSON_BODY_LIMIT;
}

export function tooLarge(limit: number): DomainError {
  return new DomainError("payload_too_large", `The body exceeds ${limit} bytes, the limit of this endpoint.`);
}

/** Elysia's parse hook: JSON (strict, 400 on malformed), a registered raw type, or 415. */
export async function parseBody(request: Request): Promise<unknown> {
  const url = new URL(request.url);
  const ct = mediaType(request.headers.get("content-type"));
  const raw = rawRouteFor(request.method, url.pathname);
  // an empty body has no stream: the route still decides what empty means
  if (raw && raw.types.includes(ct)) return new RawBody(request.body ?? new Blob([]).stream(), ct, raw.limit);
  if (isJson(ct) || ct === "") {
    const text = await request.text();
    if (text.length > JSON_BODY_LIMIT) throw tooLarge(JSON_BODY_LIMIT);
    if (text.trim() === "") return undefined;
    if (!isJson(ct)) throw new DomainError("unsupported_media_type", "Send the body as application/json.");
    try {
      return JSON.parse(text);
    } catch {
      throw new DomainError("invalid_request", "The body is not valid JSON.");
    }
  }
  const accepted = raw ? [...raw.types, "application/json"].join(", ") : "application/json";
  throw new DomainError("unsupported_media_type", `Content-Type ${ct} is not accepted here; send ${accepted}.`);
}
