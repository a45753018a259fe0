// A stand-in for the analysis thread's script (test/smtp-in/analysis-watchdog.test.ts):
// it answers every message at once, and a ping, except a message that says
// HANG, on which it never returns (as a reader caught in a runaway loop
// would), and one that says WAIT, which it leaves unanswered with its event
// loop free (as a thread waiting on DNS would).
declare const self: Worker;

self.onmessage = (e: MessageEvent<{ type: string; id: number; raw: Uint8Array }>): void => {
  const m = e.data;
  if (m.type === "ping") return self.postMessage({ pong: true });
  if (m.type !== "analyse") return;
  const text = new TextDecoder().decode(m.raw);
  if (text.includes("HANG")) for (;;);
  if (text.includes("WAIT")) return;
  self.postMessage({ id: m.id, authentication: null, report: null, verdict: { text } });
};
