// A small HTTP client for tests: real requests, parsed answers.
import { expect } from "bun:test";

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Api {
  constructor(
    readonly base: string,
    readonly token: string | null,
  ) {}

  withToken(token: string | null): Api {
    return new Api(this.base, token);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    let payload: any;
    if (body !== undefined) {
      if (typeof body === "string" || body instanceof Uint8Array || body instanceof ReadableStream) payload = body;
      else {
        payload = JSON.stringify(body);
        h["content-type"] ??= "application/json";
      }
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("DELETE", path, undefined, headers);
  }
}

/** Asserts an API B problem document with this status and code. */
export function expectProblem(a: Answer, status: number, code: string): void {
  if (a.status !== status || a.body?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${a.status}: ${a.text.slice(0, 500)}`);
  }
  expect(a.headers.get("content-type")).toStartWith("application/problem+json");
  expect(a.body.type).toEndWith(`/errors/${code}`);
  expect(a.body.status).toBe(status);
  expect(typeof a.body.title).toBe("string");
  expect(typeof a.body.detail).toBe("string");
  expect(a.body.request_id).toBe(a.headers.get("x-request-id"));
  expect(typeof a.body.instance).toBe("string");
}

/** Asserts an API A error envelope with this status and code. */
export function expectEnvelope(a: Answer, status: number, code: string): void {
  if (a.status !== status || a.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${a.status}: ${a.text.slice(0, 500)}`);
  }
  expect(typeof a.body.error.type).toBe("string");
  expect(typeof a.body.error.message).toBe("string");
}

export function expectOk(a: Answer, status = 200): void {
  if (a.status !== status) throw new Error(`expected ${status}, got ${a.status}: ${a.text.slice(0, 500)}`);
}

/**
 * Waits for a condition without sleeping blindly: polls on the event loop,
 * bounded. `everyMs` spaces the polls of a costly check (one that opens a
 * database), so the test process keeps time for the peers it serves itself
 * (a DNS server the watched process asks).
 */
export async function until<T>(fn: () => T | Promise<T>, what = "condition", timeoutMs = 5000, everyMs = 0): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => (everyMs ? setTimeout(r, everyMs) : setImmediate(r)));
  }
}
