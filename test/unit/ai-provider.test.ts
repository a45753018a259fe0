// The AI edge against a loopback OpenAI-compatible fake: one completion, and every failure as an AiError.
import { afterAll, describe, expect, test } from "bun:test";
import { AiError, openAiCompatible } from "../../src/lib/ai";

const seen: { auth: string | null; body: any }[] = [];
let answer: () => Response = () => Response.json({ choices: [{ message: { content: "Hi Ada" } }], usage: { prompt_tokens: 12, completion_tokens: 3 } });
const fake = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    seen.push({ auth: req.headers.get("authorization"), body: await req.json() });
    return answer();
  },
});
afterAll(() => fake.stop(true));
const provider = () => openAiCompatible({ baseUrl: `http://127.0.0.1:${fake.port}/v1/`, apiKey: "sk-test", model: "small-model" });

describe("openAiCompatible", () => {
  test("asks chat/completions with the model and key, and answers the text and token counts", async () => {
    const c = await provider().complete([{ role: "user", content: "Say hi to Ada" }], { maxTokens: 20 });
    expect(c).toEqual({ text: "Hi Ada", promptTokens: 12, completionTokens: 3 });
    expect(seen.at(-1)).toEqual({ auth: "Bearer sk-test", body: { model: "small-model", messages: [{ role: "user", content: "Say hi to Ada" }], max_tokens: 20 } });
  });

  test("a non-2xx answer is an AiError naming the status", async () => {
    answer = () => new Response("overloaded", { status: 503 });
    await expect(provider().complete([{ role: "user", content: "x" }])).rejects.toThrow(new AiError("the AI provider answered 503: overloaded"));
  });

  test("an answer without text is an AiError", async () => {
    answer = () => Response.json({ choices: [] });
    await expect(provider().complete([{ role: "user", content: "x" }])).rejects.toBeInstanceOf(AiError);
  });

  test("no answer within the timeout is an AiError", async () => {
    answer = () => new Promise<Response>(() => {}) as never;
    await expect(provider().complete([{ role: "user", content: "x" }], { timeoutMs: 50 })).rejects.toBeInstanceOf(AiError);
  });
});
