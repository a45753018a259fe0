// The analysis thread's watchdog: a thread that holds messages and answers
// none for stuckMs is pinged; one that answers the ping (waiting on DNS) goes
// on, one that does not is ended. What it held is read again one at a time,
// and only the message that holds a thread on its own is failed.
import { expect, test } from "bun:test";
import { FakeClock } from "../../src/lib/clock";
import { AnalysisThread, StuckAnalysisError } from "../../src/smtp-in/analysis";
import { MAX_INGEST_ATTEMPTS } from "../../src/smtp-in/record";
import { failureOf } from "../../src/smtp-in/worker";

const envelope = { ip: "127.0.0.1", helo: null, sender: "", recipients: ["dana@outreach.test"] };
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (a: unknown) => (a as { verdict: { text: string } }).verdict.text;
const STUCK_MS = 1_000;
const PONG_MS = 200;

function newThread(clock: FakeClock): AnalysisThread {
  return new AnalysisThread({ dnsServers: null, hostname: "mx.test" }, { clock, stuckMs: STUCK_MS, pongMs: PONG_MS, workerUrl: new URL("../helpers/hanging-analysis-worker.ts", import.meta.url) });
}

/** No answer for stuckMs, a ping, no answer to it: the thread is ended. */
function stall(thread: AnalysisThread, clock: FakeClock): void {
  clock.advance(STUCK_MS + 1);
  thread.check(); // pinged
  clock.advance(PONG_MS + 1);
  thread.check(); // no pong: ended
}

test("a message that holds the thread is failed alone; the ones held with it are answered, charged nothing", async () => {
  const clock = new FakeClock();
  const thread = newThread(clock);
  try {
    const first = thread.analyse(bytes("first"), envelope, 0);
    const poison = thread.analyse(bytes("HANG"), envelope, 0);
    const third = thread.analyse(bytes("third"), envelope, 0);
    const poisonResult = poison.then(
      () => "answered",
      (e: Error) => (e instanceof StuckAnalysisError ? e.message : `other: ${e.message}`),
    );
    expect(text(await first)).toBe("first");

    // the thread is caught in the second message; the third waits behind it
    thread.check(); // within stuckMs: nothing
    stall(thread, clock); // ended: both are read again, one at a time
    expect(thread.stuckThreads).toBe(1);
    const fourth = thread.analyse(bytes("fourth"), envelope, 0); // queued behind them while reading carefully
    stall(thread, clock); // the second, read alone, held the new thread too: it is the cause
    expect(thread.stuckThreads).toBe(2);

    expect(await poisonResult).toContain("held the analysis thread");
    expect(text(await third)).toBe("third");
    expect(text(await fourth)).toBe("fourth");
    // back to reading freely
    expect(text(await thread.analyse(bytes("fifth"), envelope, 0))).toBe("fifth");
  } finally {
    thread.close();
  }
});

test("a thread that answers a ping is only waiting (on DNS, say): it is never ended", async () => {
  const clock = new FakeClock();
  const thread = newThread(clock);
  try {
    let settled = false;
    const waiting = thread.analyse(bytes("WAIT"), envelope, 0).then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let round = 0; round < 3; round++) {
      clock.advance(STUCK_MS + 1);
      thread.check(); // pinged
      // a message posted after the ping is answered after the pong: the pong has arrived
      expect(text(await thread.analyse(bytes(`quick ${round}`), envelope, 0))).toBe(`quick ${round}`);
      clock.advance(PONG_MS + 1);
      thread.check();
    }
    expect(thread.stuckThreads).toBe(0);
    expect(settled).toBe(false);
    thread.close();
    await waiting;
  } finally {
    thread.close();
  }
});

test("within stuckMs, or within pongMs of a ping, a thread is left alone", async () => {
  const clock = new FakeClock();
  const thread = newThread(clock);
  try {
    const poison = thread.analyse(bytes("HANG"), envelope, 0).catch((e: Error) => e);
    clock.advance(STUCK_MS);
    thread.check(); // not over stuckMs yet
    clock.advance(1);
    thread.check(); // pinged
    clock.advance(PONG_MS);
    thread.check(); // within pongMs
    expect(thread.stuckThreads).toBe(0);
    clock.advance(1);
    thread.check(); // ended; held alone with nothing else, it is read again alone before it is blamed
    expect(thread.stuckThreads).toBe(1);
    stall(thread, clock);
    expect(await poison).toBeInstanceOf(StuckAnalysisError);
  } finally {
    thread.close();
  }
});

test("the ingest gives up at once on a message that held the thread; other failures are retried until MAX_INGEST_ATTEMPTS", () => {
  expect(failureOf({ attempts: 1 }, new StuckAnalysisError("held the thread"))).toEqual({ error: "held the thread", giveUp: true });
  expect(failureOf({ attempts: 1 }, new Error("the analysis thread failed"))).toEqual({ error: "the analysis thread failed", giveUp: false });
  expect(failureOf({ attempts: MAX_INGEST_ATTEMPTS }, new Error("again"))).toEqual({ error: "again", giveUp: true });
});
