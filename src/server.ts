// The HTTP service: request ids, body limits, common headers and the access
// log around the Elysia app (app.ts), with a bounded graceful stop.
import type { Server } from "bun";
import { createApp } from "./app";
import type { Ctx } from "./context";
import { bodyLimit, JSON_BODY_LIMIT, tooLarge } from "./http/shared/body";
import { releaseKey } from "./http/shared/idempotency";
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
      let replayable = true; // a busy database runs it again (retry below)
      let spare: Request | null = null;
      if (request.method !== "GET" && request.method !== "HEAD") {
        const declared = Number(request.headers.get("content-length") ?? 0);
        const limit = bodyLimit(request.method, path, request.headers.get("content-type"));
        if (declared > limit) return finish(request, path, state, errorResponse(request, tooLarge(limit), ctx.config));
        // a JSON body is kept to be sent again; a chunked body or an upload (raw body) is not,
        // and answers 503 at once
        if (declared > 0 && limit === JSON_BODY_LIMIT) spare = request.clone() as Request;
        else if (declared > 0 || request.headers.has("transfer-encoding")) replayable = false;
      }
      const answer = attempt(request);
      if (!(answer instanceof Promise)) return state.busy && replayable ? retry(request, path, state, spare) : finish(request, path, state, answer);
      return answer.then((r) => (state.busy && replayable ? retry(request, path, state, spare) : finish(request, path, state, r)));
    };

    const attempt = (request: Request): Response | Promise<Response> => {
      const answer = app.fetch(request) as Response | Promise<Response>;
      // only a GET handler compiled synchronous (sync-routes.ts) that returned a failing promise rejects here
      return answer instanceof Promise ? answer.catch((error: unknown) => answerError(request, error)) : answer;
    };

    /**
     * The database was busy (another process holds its write lock): the
     * request runs again after a pause that grows, without ever blocking the
     * event loop, until NEARBOUND_DB_BUSY_TIMEOUT_MS after it arrived; then it
     * answers 503 with retry_after. Nothing of a busy attempt was committed.
     */
    const retry = async (first: Request, path: string, state: ServerRequestState, spare: Request | null): Promise<Response> => {
      const deadline = state.start + ctx.config.dbBusyTimeoutMs;
      let pause = 5;
      for (;;) {
        await Bun.sleep(Math.min(pause, Math.max(0, deadline - performance.now())));
        pause = Math.min(pause * 2, 250);
        state.busy = false;
        const again = new Request((spare ? spare.clone() : first) as Request);
        setState(again, state);
        const answer = await attempt(again);
        if (!state.busy) return finish(again, path, state, answer);
        if (performance.now() >= deadline) {
          releaseKey(ctx, again);
          return finish(again, path, state, answer);
        }
      }
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
