// Every error becomes a problem (API B) or envelope (API A): validation errors
// are re-checked against the whole route schema so every invalid field is
// listed, unknown paths are 404 and known paths with the wrong method 405.
import type { TSchema } from "@sinclair/typebox";
import type { Ctx } from "../../context";
import { isBusyError } from "../../db/client";
import { DomainError, type FieldError } from "../../lib/errors";
import { errorFields } from "../../lib/log";
import { stateOf } from "./request-state";
import { convertQuery, fieldErrors } from "./validation";

interface RouteInfo {
  method: string;
  path: string;
  hooks?: { body?: TSchema; query?: TSchema };
}

export class RouteTable {
  private byKey = new Map<string, RouteInfo>();
  private patterns: { re: RegExp; method: string }[] = [];

  constructor(routes: RouteInfo[]) {
    for (const r of routes) {
      this.byKey.set(`${r.method} ${r.path}`, r);
      const re = new RegExp("^" + r.path.replace(/\/+$/, "").replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[^/]+/g, "[^/]+").replace(/\*$/, ".*") + "/?$");
      this.patterns.push({ re, method: r.method });
    }
  }

  schemasOf(method: string, path: string | undefined): RouteInfo["hooks"] {
    return path ? this.byKey.get(`${method} ${path}`)?.hooks : undefined;
  }

  /** Methods that do exist for this concrete path (for 405 and Allow). */
  methodsFor(path: string): string[] {
    const methods = new Set(this.patterns.filter((p) => p.re.test(path)).map((p) => p.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].filter((m) => m !== "ALL").sort();
  }
}

function validationError(table: RouteTable, request: Request, route: string | undefined, error: { type?: string }, body: unknown): DomainError {
  if (error.type === "params") return new DomainError("not_found", "No such resource: the id in the path is malformed.");
  const hooks = table.schemasOf(request.method, route);
  const errors: FieldError[] = [];
  if (hooks?.query) {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    errors.push(...fieldErrors(hooks.query, convertQuery(hooks.query, query), "query"));
  }
  if (hooks?.body) errors.push(...fieldErrors(hooks.body, body, "body"));
  if (!errors.length) errors.push({ pointer: "", code: "invalid", detail: "The request is invalid." });
  return new DomainError("validation_failed", `${errors.length} field${errors.length > 1 ? "s are" : " is"} invalid.`, { errors });
}

/** Maps anything thrown during a request to a DomainError (logging the unexpected ones). */
export function toDomainError(ctx: Ctx, table: RouteTable, c: { code: unknown; error: unknown; request: Request; route?: string; body?: unknown }): DomainError {
  const { request } = c;
  // Elysia wraps what the parse hook throws (415, 413, malformed JSON) in a ParseError.
  const error = c.code === "PARSE" && (c.error as Error).cause instanceof DomainError ? (c.error as Error).cause : c.error;
  if (error instanceof DomainError) return error;
  switch (c.code) {
    case "NOT_FOUND": {
      const path = new URL(request.url).pathname;
      const allowed = table.methodsFor(path);
      if (allowed.length) {
        return new DomainError("method_not_allowed", `${request.method} is not allowed on ${path}.`, { headers: { allow: allowed.join(", ") } });
      }
      return new DomainError("not_found", `No route ${request.method} ${path}.`);
    }
    case "PARSE":
      return new DomainError("invalid_request", "The body is not valid JSON.");
    case "VALIDATION":
      return validationError(table, request, c.route, error as { type?: string }, c.body);
    case "INVALID_COOKIE_SIGNATURE":
      return new DomainError("invalid_request", "Invalid cookie.");
  }
  if (isBusyError(error)) {
    stateOf(request).busy = true;
    return new DomainError("service_unavailable", "The database stayed busy (another process holds its write lock); retry shortly.", { retryAfter: 1 });
  }
  ctx.log.error("unhandled error", { request_id: stateOf(request).id, method: request.method, path: new URL(request.url).pathname, ...errorFields(error) });
  return new DomainError("internal_error", `An unexpected error occurred; it was logged with request id ${stateOf(request).id}.`);
}
