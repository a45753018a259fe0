// Request bodies: JSON by default (1 MiB); a route that takes another media
// type (CSV imports, image uploads) registers it here with its own limit and
// receives the unread stream as a RawBody.
import { DomainError } from "../../lib/errors";
import { jsonShapeProblem } from "../../lib/json-shape";
import { pathOf } from "./request-state";

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

/** Limits every JSON body is held to before it is parsed (see json-shape.ts). */
export const JSON_SHAPE_LIMITS = { maxDepth: 32, maxValues: 100_000 };

/** A body's bytes up to `limit`; more is 413, whether declared or streamed (chunked). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Content-Encoding and the charset parameter: bodies are read as sent, in
 * UTF-8 (RFC 8259 §8.1); anything else is 415 rather than bytes misread.
 */
function refuseEncodings(request: Request, contentType: string | null): void {
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    throw new DomainError("unsupported_media_type", `Content-Encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed.`);
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new DomainError("unsupported_media_type", `charset ${charset.slice(0, 40)} is not accepted; send UTF-8.`);
  }
}

/**
 * Elysia's parse hook, the one place every request body passes: encodings and
 * charsets checked, JSON read up to its limit (413), decoded as strict UTF-8
 * and held to JSON_SHAPE_LIMITS (400 invalid_request) before JSON.parse; a
 * registered raw type is handed over unread; anything else is 415.
 */
export async function parseBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type");
  const ct = mediaType(contentType);
  refuseEncodings(request, contentType);
  const raw = rawRouteFor(request.method, pathOf(request.url));
  // an empty body has no stream: the route still decides what empty means
  if (raw && raw.types.includes(ct)) return new RawBody(request.body ?? new Blob([]).stream(), ct, raw.limit);
  if (isJson(ct) || ct === "") {
    const bytes = await readLimited(request, JSON_BODY_LIMIT);
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      throw new DomainError("invalid_request", "The body is not valid UTF-8.");
    }
    if (text.trim() === "") return undefined;
    if (!isJson(ct)) throw new DomainError("unsupported_media_type", "Send the body as application/json.");
    const shape = jsonShapeProblem(text, JSON_SHAPE_LIMITS);
    if (shape) throw new DomainError("invalid_request", shape);
    try {
      return JSON.parse(text);
    } catch {
      throw new DomainError("invalid_request", "The body is not valid JSON.");
    }
  }
  const accepted = raw ? [...raw.types, "application/json"].join(", ") : "application/json";
  throw new DomainError("unsupported_media_type", `Content-Type ${ct} is not accepted here; send ${accepted}.`);
}
