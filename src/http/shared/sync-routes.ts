// Elysia compiles a route as an async function (a promise and a microtask per
// request, about 4 % of a point read's time) when any parse hook is registered,
// even for GET which never parses a body, or when the handler's source merely
// looks async: its test matches `return f(` and `=> f(`, which nearly every
// handler contains. GET routes whose handler is not declared `async` are
// compiled synchronous here, before their first request.
//
// A promise such a handler returns anyway is still awaited (Elysia's
// mapResponse resolves it); only its rejection escapes Elysia's error hook,
// and server.ts answers that like any thrown error.

interface CompilableRoute {
  method: string;
  handler: unknown;
  hooks?: { parse?: unknown };
}

// What Elysia's isAsync looks for in a handler's source.
const LOOKS_ASYNC = /(return|=>)\s*|a(sync|wait)/g;

export function compileSyncRoutes(routes: readonly CompilableRoute[]): void {
  for (const route of routes) {
    if (route.method !== "GET" || typeof route.handler !== "function") continue;
    const fn = route.handler as (...args: unknown[]) => unknown;
    if (fn.constructor.name !== "Function") continue; // declared async or a generator: left as is
    if (route.hooks) route.hooks.parse = undefined;
    // The source stays readable to Elysia's inference of what the handler
    // uses (query, headers…); only the patterns of the async test are broken.
    const source = fn.toString().replace(LOOKS_ASYNC, (_, kw: string | undefined, tail: string | undefined) => (kw ? `${kw}  ` : `a_${tail}`));
    Object.defineProperty(fn, "toString", { value: () => source });
  }
}
