// One JSON object per line on stdout: easy to ship to any log collector.
export type LogFields = Record<string, unknown>;

export interface Logger {
  /** An info line from pre-serialised JSON members (`"a":1,"b":"x"`), for hot paths. */
  line(members: string): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/**
 * Lines are gathered and written to stdout once per event-loop turn (or at
 * 64 KiB): one write per burst instead of one per request. Flushed on exit.
 */
export function bufferedStdout(): (line: string) => void {
  let buf = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!buf) return;
    const out = buf;
    buf = "";
    process.stdout.write(out);
  };
  process.on("exit", flush);
  return (line) => {
    buf += line + "\n";
    if (buf.length > 65536) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

export function createLogger(write: (line: string) => void = bufferedStdout()): Logger {
  const emit = (level: string, msg: string, fields?: LogFields) => {
    const head = `{"time":"${isoNow()}","level":"${level}","msg":${JSON.stringify(msg)}`;
    write(fields ? `${head},${JSON.stringify(fields).slice(1)}` : `${head}}`);
  };
  return {
    line: (members) => write(`{"time":"${isoNow()}","level":"info",${members}}`),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

// Formatting a Date per log line is measurable under load; the part up to the
// second changes once a second.
let isoSecond = -1;
let isoPrefix = "";
function isoNow(): string {
  const ms = Date.now();
  const sec = Math.floor(ms / 1000);
  if (sec !== isoSecond) {
    isoSecond = sec;
    isoPrefix = new Date(sec * 1000).toISOString().slice(0, 20);
  }
  return `${isoPrefix}${String(ms % 1000).padStart(3, "0")}Z`;
}

export const silentLogger: Logger = { line() {}, info() {}, warn() {}, error() {} };

export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
