// One JSON object per line on stdout: easy to ship to any log collector.
export type LogFields = Record<string, unknown>;

export interface Logger {
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
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  };
  return {
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
