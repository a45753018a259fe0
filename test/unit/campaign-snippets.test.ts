// AI snippets against the loopback fake provider on a real appliance (real
// SQLite, the fake clock, a 1,000-token monthly budget): what the provider is
// told, what comes back as variables, every fallback and its reason, tokens
// charged from `usage`, and the in-flight limit.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../../src/context";
import { events } from "../../src/db/schema";
import { spendTokens, tokensUsed } from "../../src/modules/ai/budget";
import { Limiter, parseSnippets, snippetsFor, SYSTEM_PROMPT, type SnippetRequest } from "../../src/modules/campaigns/snippets";
import { startTestApp, type TestApp } from "../helpers/app";
import { startFakeAi, type FakeAi } from "../helpers/fake-ai";

let fake: FakeAi;
let app: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  fake = startFakeAi();
  app = await startTestApp({ env: { NEARBOUND_AI_MONTHLY_TOKENS: "1000" }, edges: { ai: fake.provider() } });
  ctx = app.ctx;
});
afterAll(async () => {
  await app.close();
  fake.stop();
});
beforeEach(() => fake.reset());

function request(workspaceId: string, over: Partial<SnippetRequest> = {}): SnippetRequest {
  return {
    workspaceId,
    prompt: "Write an opener about their industry and a one-line ps.",
    person: {
      email: "amara.okafor@lumenpay.io",
      givenName: "Amara",
      familyName: "Okafor",
      company: "LumenPay",
      timezone: "Africa/Lagos",
      custom: { industry: "payments", phone: "+234 800 000 0000", notes: "met at a fair" },
    },
    sender: { name: "Grace Hopper", email: "grace@harbor-analytics.com" },
    campaignName: "Q4 fintech outreach",
    stepName: "First touch",
    ...over,
  };
}

const answer = (text: string, promptTokens = 100, completionTokens = 20) => fake.answer({ text, promptTokens, completionTokens });

describe("a usable answer", () => {
  test("becomes the variables; its tokens are charged from usage", async () => {
    const w = app.newWorkspace();
    answer(JSON.stringify({ opener: "Payments teams like LumenPay's move fast.", ps: "P.S. Congrats on the Lagos launch." }), 120, 30);
    const got = await snippetsFor(ctx, request(w.id));
    expect(got).toEqual({ variables: { opener: "Payments teams like LumenPay's move fast.", ps: "P.S. Congrats on the Lagos launch." }, fallback: null });
    expect(fake.calls).toHaveLength(1);
    expect(tokensUsed(ctx, w.id, app.clock.now())).toBe(150);
  });

  test("the provider is asked for JSON, at most 300 tokens, with the least person data: no address, only custom fields the prompt names", async () => {
    const w = app.newWorkspace();
    await snippetsFor(ctx, request(w.id));
    const body = fake.calls[0]!.body;
    expect(body.model).toBe("fake-small");
    expect(body.max_tokens).toBe(300);
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
    expect(body.messages[1]!.role).toBe("user");
    const user = body.messages[1]!.content;
    expect(user.startsWith("Instructions:\nWrite an opener about their industry and a one-line ps.\n\nFacts:\n")).toBe(true);
    expect(JSON.parse(user.slice(user.indexOf("Facts:\n") + 7))).toEqual({
      recipient: { given_name: "Amara", family_name: "Okafor", company: "LumenPay", email_domain: "lumenpay.io", custom: { industry: "payments" } },
      sender: { name: "Grace Hopper", email_domain: "harbor-analytics.com" },
      campaign: "Q4 fintech outreach",
      step: "First touch",
    });
    expect(JSON.stringify(body)).not.toContain("amara.okafor@");
    expect(JSON.stringify(body)).not.toContain("+234");
    expect(JSON.stringify(body)).not.toContain("Africa/Lagos");
  });

  test("line breaks inside a value are folded to spaces; a fenced block is still read", async () => {
    const w = app.newWorkspace();
    answer('```json\n{"opener": "Hi Amara,\\r\\nquick one.\\n\\n\\tAbout payments. "}\n```');
    expect(await snippetsFor(ctx, request(w.id))).toEqual({ variables: { opener: "Hi Amara, quick one. About payments." }, fallback: null });
  });

  test("20 keys of 1,000 characters each are the most kept", async () => {
    const w = app.newWorkspace();
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, "é".repeat(1000)]));
    answer(JSON.stringify(many));
    const got = await snippetsFor(ctx, request(w.id));
    expect(got.fallback).toBeNull();
    expect(Object.keys(got.variables)).toHaveLength(20);
  });
});

describe("fallbacks", () => {
  test("no provider: no_provider", async () => {
    const w = app.newWorkspace();
    expect(await snippetsFor({ ...ctx, ai: null }, request(w.id))).toEqual({
      variables: {},
      fallback: { reason: "no_provider", detail: "no AI provider is configured (NEARBOUND_AI_BASE_URL)" },
    });
  });

  test("budget used up: budget_exceeded, and the provider is not called", async () => {
    const w = app.newWorkspace();
    spendTokens(ctx, { workspaceId: w.id, tokens: 1000, now: app.clock.now() });
    expect(await snippetsFor(ctx, request(w.id))).toEqual({ variables: {}, fallback: { reason: "budget_exceeded", detail: "the workspace's monthly AI budget is used up" } });
    expect(fake.calls).toHaveLength(0);
  });

  test("a 500 from the provider: error, nothing charged", async () => {
    const w = app.newWorkspace();
    fake.answer({ status: 500 });
    expect(await snippetsFor(ctx, request(w.id))).toEqual({ variables: {}, fallback: { reason: "error", detail: "the AI provider answered 500: provider error" } });
    expect(tokensUsed(ctx, w.id, app.clock.now())).toBe(0);
  });

  test("a response body that is not JSON: error", async () => {
    const w = app.newWorkspace();
    fake.answer({ raw: '{"choices": [' });
    expect(await snippetsFor(ctx, request(w.id))).toEqual({ variables: {}, fallback: { reason: "error", detail: "the AI provider's answer is not JSON" } });
  });

  test("no answer within the timeout: timeout (the fake holds the answer until the client gives up), nothing charged", async () => {
    const w = app.newWorkspace();
    fake.answer({ hold: true, text: '{"opener":"too late"}' });
    expect(await snippetsFor(ctx, request(w.id), { timeoutMs: 50 })).toEqual({ variables: {}, fallback: { reason: "timeout", detail: "the AI provider did not answer within 50 ms" } });
    expect(fake.calls).toHaveLength(1);
    expect(tokensUsed(ctx, w.id, app.clock.now())).toBe(0);
  });

  const invalid: [string, string, string][] = [
    ["malformed JSON", '{"opener": "Hi', "the answer is not JSON"],
    ["a JSON array", '["Hi"]', "the answer is JSON but not an object (an array)"],
    ["a JSON string", '"Hi Amara"', "the answer is JSON but not an object (string)"],
    ["JSON null", "null", "the answer is JSON but not an object (null)"],
    ["an empty object", "{}", "the answer has no snippets"],
    ["a number value", '{"opener": 3}', 'the snippet "opener" is not a string'],
    ["a nested object", '{"opener": {"text": "Hi"}}', 'the snippet "opener" is not a string'],
    ["an oversized value", JSON.stringify({ opener: "x".repeat(1001) }), 'the snippet "opener" has 1001 characters; at most 1000'],
    ["21 keys", JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`s${i}`, "x"]))), "the answer has 21 snippets; at most 20 are kept"],
    ["a key with capitals", '{"Opener": "Hi"}', 'the snippet name "Opener" is not lowercase letters, digits and underscores (at most 40, starting with a letter)'],
    ["a 41-character key", JSON.stringify({ [`a${"b".repeat(40)}`]: "Hi" }), `the snippet name "a${"b".repeat(40)}" is not lowercase letters, digits and underscores (at most 40, starting with a letter)`],
    ["a bell character", JSON.stringify({ opener: "Hi\u0007there" }), 'the snippet "opener" contains a control character (U+0007 bell) at position 3'],
    ["a lone carriage return", JSON.stringify({ opener: "Hi\rBcc: x@y.z" }), 'the snippet "opener" contains a carriage return (U+000D) not followed by a line feed at position 3'],
    ["an escape sequence", JSON.stringify({ opener: "\u001b[31mHi" }), 'the snippet "opener" contains a control character (U+001B escape) at position 1'],
    ["a line separator", JSON.stringify({ opener: "Hi\u2028there" }), 'the snippet "opener" contains a line break (U+2028 line separator) at position 3'],
  ];
  for (const [what, text, problem] of invalid) {
    test(`${what}: invalid_answer, and its tokens are still charged`, async () => {
      const w = app.newWorkspace();
      answer(text, 40, 7);
      expect(await snippetsFor(ctx, request(w.id))).toEqual({ variables: {}, fallback: { reason: "invalid_answer", detail: `the AI provider's answer was not usable: ${problem}` } });
      expect(tokensUsed(ctx, w.id, app.clock.now())).toBe(47);
    });
  }

  test("an answer without usage charges nothing and is still used", async () => {
    const w = app.newWorkspace();
    fake.answer({ text: '{"opener":"Hi"}', noUsage: true });
    expect((await snippetsFor(ctx, request(w.id))).variables).toEqual({ opener: "Hi" });
    expect(tokensUsed(ctx, w.id, app.clock.now())).toBe(0);
  });
});

describe("the budget through snippets", () => {
  test("answers' usage crosses 80 % then 100 % (one event each); after that no call is made", async () => {
    const w = app.newWorkspace();
    answer('{"opener":"Hi"}', 400, 50);
    expect((await snippetsFor(ctx, request(w.id))).fallback).toBeNull(); // 450
    expect((await snippetsFor(ctx, request(w.id))).fallback).toBeNull(); // 900: warning
    expect((await snippetsFor(ctx, request(w.id))).fallback).toBeNull(); // 1350: exceeded
    expect((await snippetsFor(ctx, request(w.id))).fallback?.reason).toBe("budget_exceeded");
    expect(fake.calls).toHaveLength(3);
    const types = ctx.db.select({ type: events.type }).from(events).where(eq(events.workspaceId, w.id)).orderBy(asc(events.id)).all().map((e) => e.type);
    expect(types.filter((t) => t.startsWith("ai."))).toEqual(["ai.budget_warning", "ai.budget_exceeded"]);
  });
});

describe("the in-flight limit", () => {
  test("calls beyond the limit wait their turn; all are answered", async () => {
    const w = app.newWorkspace();
    const limiter = new Limiter(2);
    fake.queue({ hold: true, text: '{"opener":"one"}' }, { hold: true, text: '{"opener":"two"}' });
    const all = Promise.all(Array.from({ length: 6 }, () => snippetsFor(ctx, request(w.id), { limiter })));
    await fake.untilInFlight(2);
    expect(limiter.inFlight).toBe(2);
    expect(limiter.waiting).toBe(4);
    expect(fake.calls).toHaveLength(2);
    fake.release();
    const got = await all;
    expect(got.map((g) => g.variables.opener).sort()).toEqual(["Hi", "Hi", "Hi", "Hi", "one", "two"]);
    expect(fake.maxInFlight).toBe(2);
    expect(fake.calls).toHaveLength(6);
    expect(limiter.inFlight).toBe(0);
  });

  test("a failing call frees its slot", async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "next")).toBe("next");
    expect(limiter.inFlight).toBe(0);
  });
});

describe("parseSnippets", () => {
  test("keys with digits and underscores; surrounding spaces trimmed", () => {
    expect(parseSnippets(' {"opener_2": "  Hi  ", "ps": ""} ')).toEqual({ variables: { opener_2: "Hi", ps: "" } });
  });
});
