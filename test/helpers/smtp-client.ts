// A line-level SMTP client for tests of the inbound listener's dialogue: each
// command's reply as the server wrote it (code and text), so tests can assert
// a 550 at RCPT or a 552 after the dot.
import net from "node:net";

export interface Reply {
  code: number;
  text: string;
}

export class SmtpDialogue {
  private buffer = "";
  private waiting: ((r: Reply) => void) | null = null;
  private replies: Reply[] = [];
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => this.onData(d));
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.({ code: 0, text: "connection closed" });
    });
    socket.on("error", () => {});
  }

  /** Connects and reads the greeting. */
  static async open(port: number, host = "127.0.0.1"): Promise<{ client: SmtpDialogue; greeting: Reply }> {
    const socket = net.connect(port, host);
    const client = new SmtpDialogue(socket);
    return { client, greeting: await client.reply() };
  }

  private onData(d: string): void {
    this.buffer += d;
    let lines: string[] = [];
    for (;;) {
      const nl = this.buffer.indexOf("\r\n");
      if (nl < 0) break;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 2);
      lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), text: lines.map((l) => l.slice(4)).join("\n") };
        lines = [];
        if (this.waiting) {
          const w = this.waiting;
          this.waiting = null;
          w(reply);
        } else this.replies.push(reply);
      }
    }
    if (lines.length) this.buffer = lines.join("\r\n") + "\r\n" + this.buffer;
  }

  reply(): Promise<Reply> {
    const r = this.replies.shift();
    if (r) return Promise.resolve(r);
    if (this.closed) return Promise.resolve({ code: 0, text: "connection closed" });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Sends one command line and answers its reply. */
  command(line: string): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** DATA, the message (dot-stuffed, CRLF), the dot: answers the final reply (or DATA's refusal). */
  async data(message: string | Uint8Array): Promise<Reply> {
    const go = await this.command("DATA");
    if (go.code !== 354) return go;
    const text = (typeof message === "string" ? message : Buffer.from(message).toString("latin1")).replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
    this.socket.write(text.endsWith("\r\n") ? text : `${text}\r\n`, "latin1");
    this.socket.write(".\r\n");
    return this.reply();
  }

  /** One whole transaction: MAIL, each RCPT, DATA; answers every reply. */
  async send(from: string, to: string[], message: string | Uint8Array): Promise<{ mail: Reply; rcpt: Reply[]; data: Reply | null }> {
    const mail = await this.command(`MAIL FROM:<${from}>`);
    const rcpt: Reply[] = [];
    for (const t of to) rcpt.push(await this.command(`RCPT TO:<${t}>`));
    const data = rcpt.some((r) => r.code === 250) ? await this.data(message) : null;
    return { mail, rcpt, data };
  }

  close(): void {
    this.socket.end("QUIT\r\n");
  }
}

/** EHLO, one transaction, QUIT. */
export async function smtpSend(port: number, from: string, to: string[], message: string | Uint8Array) {
  const { client } = await SmtpDialogue.open(port);
  try {
    await client.command("EHLO client.test");
    return await client.send(from, to, message);
  } finally {
    client.close();
  }
}
