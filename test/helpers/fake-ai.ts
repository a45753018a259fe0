// A loopback OpenAI-compatible chat-completions server that tests script: the
// answer's text and token usage, a status code, a raw (malformed) body, or a
// response held until the test releases it or the client gives up (timeouts
// without sleeps in the test). It counts calls and the calls in flight.
import { openAiCompatible, type AiProvider } from "../../src/lib/ai";

export interface FakeAnswer {
  /** The message content (default `{"opener":"Hi"}`). */
  text?: string;
  promptTokens?: number;
  completionTokens?: number;
  /** Omit `usage` from the answer. */
  noUsage?: boolean;
  /** HTTP status (default 200); with a non-2xx status the body is `raw` or "provider error". */
  status?: number;
  /** The whole response body as is (e.g. malformed JSON), instead of a chat completion. */
  raw?: string;
  /** Hold the response until release() or until the client aborts. */
  hold?: boolean;
  /** Answer only after this many milliseconds (prefer `hold` in tests). */
  delayMs?: number;
}

export interface FakeCall {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens?: number;
    response_format?: { type: string };
  };
  authorization: string | null;
}

export interface FakeAi {
  /** The base URL (…/v1) to configure as NEARBOUND_AI_BASE_URL. */
  readonly baseUrl: string;
  /** A provider edge pointed at this fake (for createContext's `ai` option). */
  provider(model?: string): AiProvider;
  /** Every answer from now on (until changed): merged over the defaults. */
  answer(a: FakeAnswer): void;
  /** The next answers, one each, before falling back to answer()'s. */
  queue(...a: FakeAnswer[]): void;
  /** Requests received, oldest first. */
  readonly calls: FakeCall[];
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Resolves once `n` requests are in flight at the same time. */
  untilInFlight(n: number): Promise<void>;
  /** Lets every held response go (each answers the text it was scripted with). */
  release(): void;
  reset(): void;
  stop(): void;
}

const DEFAULT: FakeAnswer = { text: '{"opener":"Hi"}', promptTokens: 10, completionTokens: 5 };

export function startFakeAi(): FakeAi {
  let standing: FakeAnswer = DEFAULT;
  let queued: FakeAnswer[] = [];
  const calls: FakeCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let held: (() => void)[] = [];
  let watchers: { n: number; resolve: () => void }[] = [];

  const respond = (a: FakeAnswer): Response => {
    const status = a.status ?? 200;
    if (a.raw !== undefined) return new Response(a.raw, { status, headers: { "content-type": "application/json" } });
    if (status < 200 || status > 299) return new Response("provider error", { status });
    return Response.json({
      id: "chatcmpl-fake",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content: a.text }, finish_reason: "stop" }],
      ...(a.noUsage ? {} : { usage: { prompt_tokens: a.promptTokens ?? 0, completion_tokens: a.completionTokens ?? 0, total_tokens: (a.promptTokens ?? 0) + (a.completionTokens ?? 0) } }),
    });
  };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (new URL(req.url).pathname !== "/v1/chat/completions") return new Response("not found", { status: 404 });
      const a = { ...DEFAULT, ...(queued.shift() ?? standing) };
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        calls.push({ body: (await req.json()) as FakeCall["body"], authorization: req.headers.get("authorization") });
        watchers = watchers.filter((w) => (inFlight >= w.n ? (w.resolve(), false) : true));
        if (a.hold) {
          await new Promise<void>((resolve) => {
            held.push(resolve);
            req.signal.addEventListener("abort", () => resolve());
          });
        } else if (a.delayMs) {
          await Bun.sleep(a.delayMs);
        }
        return respond(a);
      } finally {
        inFlight--;
      }
    },
  });
  const baseUrl = `http://127.0.0.1:${server.port}/v1`;

  return {
    baseUrl,
    provider: (model = "fake-small") => openAiCompatible({ baseUrl, apiKey: "sk-fake", model }),
    answer(a) {
      standing = a;
    },
    queue(...a) {
      queued.push(...a);
    },
    calls,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    untilInFlight(n) {
      if (inFlight >= n) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ n, resolve }));
    },
    release() {
      const h = held;
      held = [];
      for (const r of h) r();
    },
    reset() {
      standing = DEFAULT;
      queued = [];
      calls.length = 0;
      maxInFlight = inFlight;
      this.release();
    },
    stop() {
      this.release();
      server.stop(true);
    },
  };
}
