// `serve`: HTTP, the job runner and periodic tasks in one process, with a
// graceful shutdown (stop accepting, finish in-flight work, close the database).
import type { Server } from "bun";
import { createApp } from "./app";
import type { Ctx } from "./context";
import { bodyLimit, tooLarge } from "./http/shared/body";
import { errorResponse } from "./http/shared/problem";
import { apiOfPath, pathOf, ServerRequestState, setState, stampHeaders } from "./http/shared/request-state";
import { schedulePeriodic } from "./jobs/periodic";
import { jobHandlers } from "./jobs/registry";
import { JobRunner } from "./jobs/runner";
import { installWebhookFanout } from "./modules/automation/webhooks/fanout";
import { WebhookWorker } from "./modules/automation/webhooks/worker";

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;
// Hard ceiling for any body; endpoints enforce their own, smaller limits.
const MAX_BODY = 17 * 1024 * 1024;

export interface Running {
  server: Server<undefined>;
  url: string;
  runner: JobRunner;
  webhooks: WebhookWorker;
  stop(): Promise<void>;
}

export function startServer(ctx: Ctx, opts: { port?: number; runJobs?: boolean; logRequests?: boolean } = {}): Running {
  const { app, limiter, answerError } = createApp(ctx);
  const runner = new JobRunner(ctx, jobHandlers, { concurrency: ctx.config.workerConcurrency });
  installWebhookFanout(ctx); // events get their deliveries in their own transaction
  const webhooks = new WebhookWorker(ctx);
  const logRequests = opts.logRequests ?? true;

  // Synchronous when the route is: no promise hop for an answer already made.
  const fetch = (request: Request, server: Server<undefined>): Response | Promise<Response> => {
    const path = pathOf(request.url);
    const incoming = request.headers.get("x-request-id");
    const id = incoming && REQUEST_ID_RE.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    const state = new ServerRequestState(id, performance.now(), apiOfPath(path), server, request);
    setState(request, state);
    const declared = request.method === "GET" || request.method === "HEAD" ? 0 : Number(request.headers.get("content-length") ?? 0);
    const limit = declared ? bodyLimit(request.method, path, request.headers.get("content-type")) : 0;
    if (declared > limit) return finish(request, path, state, errorResponse(request, tooLarge(limit), ctx.config.docsUrl));
    const answer = app.fetch(request) as Response | Promise<Response>;
    if (!(answer instanceof Promise)) return finish(request, path, state, answer);
    return answer.then(
      (r) => finish(request, path, state, r),
      // only a GET handler compiled synchronous (sync-routes.ts) that returned a failing promise gets here
      (error: unknown) => finish(request, path, state, answerError(request, error)),
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

  const server = Bun.serve({
    hostname: ctx.config.host,
    port: opts.port ?? ctx.config.httpPort,
    maxRequestBodySize: MAX_BODY,
    idleTimeout: 60, // long-polls hold a request up to 25 s
    fetch,
    error(err) {
      ctx.log.error("server error", { error: String(err) });
      return new Response(JSON.stringify({ status: 500, code: "internal_error" }), { status: 500, headers: { "content-type": "application/problem+json" } });
    },
  });
  if (opts.runJobs !== false) runner.start();
  if (opts.runJobs !== false) webhooks.start();
  const stopPeriodic = opts.runJobs !== false ? schedulePeriodic(ctx, runner) : () => {};

  let stopping: Promise<void> | null = null;
  return {
    server,
    url: `http://${server.hostname?.includes(":") ? `[${server.hostname}]` : server.hostname}:${server.port}`,
    runner,
    webhooks,
    stop() {
      stopping ??= (async () => {
        ctx.shutdown.abort(); // wakes long-polls so they answer now
        stopPeriodic();
        const http = server.stop(false); // stop accepting; in-flight requests finish
        await Promise.all([http, runner.stop(8000), webhooks.stop(8000)]);
      })();
      return stopping;
    },
  };
}
