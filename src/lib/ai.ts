// The AI provider edge: an OpenAI-compatible chat-completions endpoint
// (NEARBOUND_AI_BASE_URL / _API_KEY / _MODEL). Campaign snippets and reply
// classification ask it through this interface; tests put a loopback fake
// provider behind the same URL, and a context built without one has `ai: null`.

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface Completion {
  text: string;
  /** Tokens billed, for the workspace's AI budget. */
  promptTokens: number;
  completionTokens: number;
}

export interface AiProvider {
  readonly model: string;
  /** One completion; rejects on a timeout, a non-2xx answer or an answer without text. */
  complete(messages: ChatMessage[], opts?: { maxTokens?: number; timeoutMs?: number; json?: boolean }): Promise<Completion>;
}

export class AiError extends Error {}

export function openAiCompatible(o: { baseUrl: string; apiKey: string | null; model: string }): AiProvider {
  const url = `${o.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    model: o.model,
    async complete(messages, opts = {}) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
        body: JSON.stringify({
          model: o.model,
          messages,
          max_tokens: opts.maxTokens ?? 400,
          ...(opts.json ? { response_format: { type: "json_object" } } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      }).catch((err: unknown) => {
        throw new AiError(`the AI provider did not answer: ${err instanceof Error ? err.message : String(err)}`);
      });
      const text = await res.text();
      if (!res.ok) throw new AiError(`the AI provider answered ${res.status}: ${text.slice(0, 300)}`);
      let body: { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
      try {
        body = JSON.parse(text);
      } catch {
        throw new AiError("the AI provider's answer is not JSON");
      }
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string" || !content.trim()) throw new AiError("the AI provider's answer has no text");
      return { text: content, promptTokens: body.usage?.prompt_tokens ?? 0, completionTokens: body.usage?.completion_tokens ?? 0 };
    },
  };
}
