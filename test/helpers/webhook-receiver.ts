// A loopback webhook receiver for tests: records every request and checks its
// signature with the official `standardwebhooks` library.
import { afterAll, afterEach, beforeAll } from "bun:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Ctx } from "../../src/context";
import { webhookDeliveries } from "../../src/db/schema";
import { startTestApp, type TestApp } from "./app";

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The webhook-signature entries, one per live secret. */
  signatures: string[];
}

export type Answer = (r: Received, n: number) => Response | Promise<Response>;

export interface Receiver {
  port: number;
  url(path?: string): string;
  received: Received[];
  at(path: string): Received[];
  /** How `path` answers; n counts that path's requests from 1. Default 200 "ok". */
  answer(path: string, fn: Answer): void;
  close(): void;
}

export function startReceiver(): Receiver {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const r: Received = { path, headers: Object.fromEntries(req.headers), body: await req.text(), signatures: (req.headers.get("webhook-signature") ?? "").split(" ").filter(Boolean) };
      received.push(r);
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const fn = answers.get(path);
      return fn ? fn(r, n) : new Response("ok");
    },
  });
  return {
    port: server.port!,
    url: (path = "/hook") => `http://127.0.0.1:${server.port}${path}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    answer: (path, fn) => void answers.set(path, fn),
    close: () => void server.stop(true),
  };
}

/** The payload, when `secret` verifies the delivery per Standard Webhooks; throws otherwise. */
export function verifyWith(secret: string, r: Received): any {
  return new Webhook(secret).verify(r.body, r.headers);
}

export function verifies(secret: string, r: Received): boolean {
  try {
    verifyWith(secret, r);
    return true;
  } catch {
    return false;
  }
}

/**
 * deliverDue() attempts every due delivery of the shared test database: after
 * each test, what is still pending is marked failed so later tests (which move
 * the shared clock forward) count only their own attempts.
 */
export function settleDeliveries(ctx: Ctx): void {
  ctx.db.update(webhookDeliveries).set({ state: "failed", nextAttemptAt: null }).where(eq(webhookDeliveries.state, "pending")).run();
}

/**
 * Registers the setup the webhook test files share: one appliance and one
 * receiver for the file, with deliveries settled after each test.
 */
export function useReceiverApp(): { readonly app: TestApp; readonly rx: Receiver } {
  const env: { app?: TestApp; rx?: Receiver } = {};
  beforeAll(async () => {
    env.app = await startTestApp();
    env.rx = startReceiver();
  });
  afterEach(() => settleDeliveries(env.app!.ctx));
  afterAll(async () => {
    env.rx!.close();
    await env.app!.close();
  });
  return {
    get app() {
      return env.app!;
    },
    get rx() {
      return env.rx!;
    },
  };
}
