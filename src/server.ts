// The HTTP service: request ids, body limits, common headers and the access
// log around the Elysia app (app.ts), with a bounded graceful stop.
import type { Server } from "bun";
import { createApp } from "./app";
import type { Ctx } from "./context";
import { bodyLimit, tooLarge } from "./http/shared/body";
import { errorResponse } from "./http/shared/problem";
import { apiOfPath, pathOf, ServerRequestState, setState, stampHeaders } from "./http/shared/request-state";
import type { Service } from "./lib/service";

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;
// Bun's own limit would answer an oversized body with a bare 413 before any of
// our code runs; it is set out of reach, and every endpoint's limit (declared
// by Content-Length here, or counted while reading a chunked body) answers a
// problem document instead.
const MAX_BODY = Number.MAX_SAFE_INTEGER;

export interface HttpOptions {
  /** Overrides NEARBOUND_HTTP_PORT (0 = any free port). */
  port?: number;
  /** The JSON access log (tests turn it off). */
  logRequests?: boolean;
}

/** Both APIs on one Bun.serve: one service of the runtime. */
export class HttpServer implements Service {
  readonly name = "http";
  private server: Server<undefined> | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly opts: HttpOptions = {},
  ) {}

  /** The address it listens on, once started. */
  get url(): string {
    const s = this.server;
    if (!s) throw new Error("the HTTP server is not started");
    return `http://${s.hostname?.includes(":") ? `[${s.hostname}]` : s.hostname}:${s.port}`;
  }

  start(): void {
    const { ctx } = this;
    const { app, limiter, answerError } = createApp(ctx);
    const logRequests = this.opts.logRequests ?? true;

    // Synchronous when the route is: no promise hop for an answer already made.
    const fetch = (request: Request, server: Server<undefined>): Response | Promise<Response> => {
      const path = pathOf(request.url);
      const incoming = request.headers.get("x-request-id");
      const id = incoming && REQUEST_ID_RE.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
      const state = new ServerRequestState(id, performance.now(), apiOfPath(path), server, request);
      setState(request, state);
      const declared = request.method === "GET" || request.method === "HEAD" ? 0 : Number(request.headers.get("content-length") ?? 0);
      const limit = declared ? bodyLimit(request.method, path, request.headers.get("content-type")) : 0;
      if (declared > limit) return finish(request, path, state, errorResponse(request, tooLarge(limit), ctx.config));
      const answer = app.fetch(request) as Response | Promise<Response>;
      if (!(answer instanceof Promise)) return finish(request, path, state, answer);
      return answer.then(
        (r) => finish(request, path, state, r),
        // only a GET handler compiled synchronous (sync-routes.ts) that returned a failing promise gets here
        async (error: unknown) => finish(request, path, state, await answerError(request, error)),
      );
    };

    const finish = (request: Request, path: string, state: ServerRequestState, response: Response): Response => {
      if (!state.stamped) {
        const common: Record<string, string> = {};
        stampHeaders(state, limiter.policy, common);
        for (const name in common) response.headers.set(name, common[name]!);
      }
      if (logRequests) {
        const p = state.principal;
        ctx.log.request({ at: Date.now(), method: request.method, path, status: response.status, ms: performance.now() - state.start, requestId: state.id, workspaceId: p ? p.workspaceId : null });
      }
      return response;
    };

    this.server = Bun.serve({
      hostname: ctx.config.host,
      port: this.opts.port ?? ctx.config.httpPort,
      maxRequestBodySize: MAX_BODY,
      idleTimeout: 60, // long-polls hold a request up to 25 s
      fetch,
      error(err) {
        ctx.log.error("server error", { error: String(err) });
        return new Response(JSON.stringify({ status: 500, code: "internal_error" }), { status: 500, headers: { "content-type": "application/problem+json" } });
      },
    });
  }

  /** Stops accepting at once; requests in flight finish, or are cut when the time is up. */
  async stop(timeoutMs: number): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.ctx.shutdown.abort(); // wakes long-polls so they answer now
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = await Promise.race([server.stop(false).then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), timeoutMs)))]);
    clearTimeout(timer);
    if (late) await server.stop(true);
  }
}
