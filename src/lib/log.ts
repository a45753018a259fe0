// One JSON object per line on stdout: easy to ship to any log collector.
export type LogFields = Record<string, unknown>;

/** The access-log facts of one answered request, formatted when written. */
export interface RequestEntry {
  at: number; // epoch ms
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
  workspaceId: string | null;
}

export interface Logger {
  /** The access-log line of a request (hot path: formatting is deferred to the write). */
  request(entry: RequestEntry): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Where log entries go: a formatted line, or a request entry to format on write. */
export type LogSink = (entry: string | RequestEntry) => void;

/**
 * Entries are gathered and written to stdout at most every 10 ms (or every
 * 512 entries), formatted in one pass: under load a write, or even a string
 * built per request, costs a measurable share of a small read. Flushed on exit.
 */
export function bufferedStdout(): LogSink {
  let pending: (string | RequestEntry)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    let out = "";
    for (const e of batch) out += `${typeof e === "string" ? e : formatRequest(e)}\n`;
    process.stdout.write(out);
  };
  process.on("exit", flush);
  return (entry) => {
    pending.push(entry);
    if (pending.length >= 512) flush();
    else timer ??= setTimeout(flush, 10).unref();
  };
}

const time = (ms: number) => new Date(ms).toISOString();

export function formatRequest(e: RequestEntry): string {
  const ws = e.workspaceId === null ? "null" : JSON.stringify(e.workspaceId);
  return `{"time":"${time(e.at)}","level":"info","msg":"request","method":${JSON.stringify(e.method)},"path":${JSON.stringify(e.path)},"status":${e.status},"duration_ms":${Math.round(e.ms * 100) / 100},"request_id":${JSON.stringify(e.requestId)},"workspace_id":${ws}}`;
}

export function createLogger(sink: LogSink = bufferedStdout()): Logger {
  const emit = (level: string, msg: string, fields?: LogFields) => {
    const head = `{"time":"${time(Date.now())}","level":"${level}","msg":${JSON.stringify(msg)}`;
    sink(fields ? `${head},${JSON.stringify(fields).slice(1)}` : `${head}}`);
  };
  return {
    request: (entry) => sink(entry),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = { request() {}, info() {}, warn() {}, error() {} };

export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
