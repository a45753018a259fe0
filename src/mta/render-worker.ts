// The MTA's rendering thread (render-thread.ts starts it): MIME (mime.ts) and
// DKIM (dkim.ts) are pure functions of a message's fields, its bytes and the
// domain's keys, so they run here while the main thread keeps the API, the
// queue and the SMTP sessions. Compiled builds list this file as an entrypoint
// of its own (scripts/build.ts).
import { HeaderTextError } from "../lib/text";
import { signMessage, type SigningKeys } from "./dkim";
import { CallerHeaderError } from "./headers";
import { buildMessage, type MessageInput } from "./mime";

declare const self: Worker;

export type RenderRequest = { id: number; type: "render"; input: MessageInput } | { id: number; type: "sign"; raw: Uint8Array; keys: SigningKeys; now: number };
/** `refused`: a stored value breaks the header text policy or the allow-list (the message fails); `error`: anything else. */
export type RenderAnswer = { id: number; raw: Uint8Array } | { id: number; refused: string } | { id: number; error: string };

self.onmessage = async (e: MessageEvent<RenderRequest>) => {
  const m = e.data;
  try {
    const raw = m.type === "render" ? buildMessage(m.input) : await signMessage(m.raw, m.keys, { now: m.now });
    // handed over, not copied, when the bytes own their buffer
    const owned = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
    self.postMessage({ id: m.id, raw } satisfies RenderAnswer, owned ? [raw.buffer as ArrayBuffer] : []);
  } catch (err) {
    if (err instanceof HeaderTextError || err instanceof CallerHeaderError) self.postMessage({ id: m.id, refused: err.message } satisfies RenderAnswer);
    else self.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies RenderAnswer);
  }
};
