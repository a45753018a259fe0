// Runs the appliance as operators do: a child process (`bun src/main.ts …` or the
// compiled binary) with a clean environment, its JSON log lines collected.
import { expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

export const ROOT = join(import.meta.dir, "..", "..");
/** `bun src/main.ts`: the source CLI. */
export const SOURCE_CLI = [process.execPath, join(ROOT, "src", "main.ts")];

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `nearbound-${label}-`));

/** Temporary directories for one test file, removed together by cleanup(). */
export function tempDirs(label: string) {
  const made: string[] = [];
  return {
    make() {
      const d = tempDir(label);
      made.push(d);
      return d;
    },
    cleanup: () => made.forEach((d) => rmSync(d, { recursive: true, force: true })),
  };
}

/** The one JSON object `workspace create` prints (DESIGN.md §2). */
export function expectCreatedWorkspace(w: Record<string, unknown>): void {
  expect(Object.keys(w).sort()).toEqual(["api_key", "test_api_key", "test_workspace_id", "verification_key", "workspace_id"]);
  expect(w.workspace_id).toMatch(/^wsp_[0-9a-f]{32}$/);
  expect(w.test_workspace_id).toMatch(/^wsp_[0-9a-f]{32}$/);
  expect(w.test_workspace_id).not.toBe(w.workspace_id);
  expect(w.api_key).toMatch(/^nb_live_[0-9A-Za-z]{40}$/);
  expect(w.test_api_key).toMatch(/^nb_test_[0-9A-Za-z]{40}$/);
  expect(w.verification_key).toMatch(/^ak_live_[0-9A-Za-z]{40}$/);
}

/** The parent's environment without NEARBOUND_* (a developer's settings must not leak in). */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("NEARBOUND_") && v !== undefined) env[k] = v;
  return { ...env, NEARBOUND_SMTP_PORT: "0", ...extra };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (throws with the output when it is not) */
  json(): any;
}

export async function runCli(cmd: string[], args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  const proc = Bun.spawn([...cmd, ...args], { cwd: opts.cwd ?? ROOT, env: cleanEnv(opts.env ?? {}), stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return {
    code,
    stdout,
    stderr,
    json() {
      try {
        return JSON.parse(stdout);
      } catch {
        throw new Error(`not JSON (exit ${code}): ${stdout}\n${stderr}`);
      }
    },
  };
}

/** A running `serve` child: its log lines, its URL, and a way to stop it. */
export class ServeProcess {
  readonly logs: Record<string, any>[] = [];
  private waiters: (() => void)[] = [];
  private stderrText = "";
  readonly exited: Promise<number>;
  private readonly stdoutDone: Promise<void>;

  private constructor(readonly proc: Subprocess<"ignore", "pipe", "pipe">) {
    this.exited = proc.exited;
    this.stdoutDone = this.read(proc.stdout, (line) => {
      try {
        this.logs.push(JSON.parse(line));
      } catch {
        this.logs.push({ msg: "(not JSON)", line });
      }
    });
    void this.read(proc.stderr, (line) => (this.stderrText += line + "\n"));
    void this.exited.then(() => this.notify());
  }

  static async start(cmd: string[], args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<ServeProcess & { url: string }> {
    const proc = Bun.spawn([...cmd, "serve", "--port", "0", ...args], { cwd: opts.cwd ?? ROOT, env: cleanEnv(opts.env ?? {}), stdout: "pipe", stderr: "pipe", stdin: "ignore" });
    const s = new ServeProcess(proc);
    const listening = await s.waitLog("listening");
    return Object.assign(s, { url: listening.url as string });
  }

  private async read(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
    const decoder = new TextDecoder();
    let buf = "";
    for await (const chunk of stream) {
      buf += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.trim()) onLine(line);
      }
      this.notify();
    }
    if (buf.trim()) onLine(buf);
    this.notify();
  }

  private notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Resolves with the first log line with this msg; fails if the process exits first. */
  waitLog(msg: string): Promise<Record<string, any>> {
    return this.waitLogWhere((l) => l.msg === msg, `"${msg}"`);
  }

  /** Resolves with the first log line matching; fails if the process exits first. */
  async waitLogWhere(match: (line: Record<string, any>) => boolean, what = "the line awaited"): Promise<Record<string, any>> {
    for (;;) {
      const hit = this.logs.find(match);
      if (hit) return hit;
      if (this.proc.exitCode !== null || this.proc.signalCode !== null) {
        await this.stdoutDone; // the line may still sit in the pipe
        const late = this.logs.find(match);
        if (late) return late;
        throw new Error(`serve exited (${this.proc.exitCode ?? this.proc.signalCode}) before logging ${what}:\n${JSON.stringify(this.logs)}\n${this.stderrText}`);
      }
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  /** Sends SIGTERM and resolves with the exit code. */
  async stop(): Promise<number> {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill("SIGTERM");
    return this.exited;
  }
}
