// The smtp connection check against real SMTP peers on loopback: TLS modes,
// AUTH methods, the server's answers kept verbatim, certificates, unreachable hosts.
import { afterEach, describe, expect, test } from "bun:test";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { checkSmtpAccount, type SmtpAccount } from "../../src/modules/sending/connection-verify";
import { startSmtpPeer, TEST_TLS } from "../helpers/smtp";

const AUTH = { username: "ada@relay.test", password: "correct horse" };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function peer(o: Parameters<typeof startSmtpPeer>[0]) {
  const p = await startSmtpPeer(o);
  cleanups.push(() => p.close());
  return p;
}

/** An smtp-server peer offering only `methods`, recording the names clients EHLO with. */
async function methodsPeer(methods: string[]) {
  const helo: string[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: methods,
    disableReverseLookup: true,
    onConnect(session, cb) {
      cb();
    },
    onAuth(auth, session, cb) {
      helo.push(session.hostNameAppearsAs);
      logins.push(`${auth.method} ${auth.username}`);
      if (auth.username === AUTH.username && auth.password === AUTH.password) return cb(null, { user: auth.username });
      cb(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as net.AddressInfo).port, helo, logins };
}

/** A raw TCP server that greets with `greeting` and closes. */
async function rawPeer(greeting: string) {
  const server = net.createServer((s) => s.end(greeting));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

const check = (account: Partial<SmtpAccount> & { port: number }, opts: { verifyCertificate?: boolean; addresses?: string[] } = {}) =>
  checkSmtpAccount({
    account: { host: "localhost", tls: "starttls", username: AUTH.username, password: AUTH.password, ...account },
    addresses: opts.addresses ?? ["127.0.0.1"],
    heloName: "mta.nearbound.test",
    verifyCertificate: () => opts.verifyCertificate ?? false,
  });

describe("checkSmtpAccount", () => {
  test("STARTTLS then AUTH: accepted, over TLS", async () => {
    const p = await peer({ auth: AUTH, tls: true });
    const r = await check({ port: p.port, tls: "starttls" });
    expect(r).toEqual({ ok: true, detail: `localhost:${p.port} (127.0.0.1): TLS, AUTH PLAIN accepted` });
  });

  test("implicit TLS: accepted", async () => {
    const p = await peer({ auth: AUTH, implicitTls: true });
    expect(await check({ port: p.port, tls: "implicit" })).toMatchObject({ ok: true, detail: expect.stringContaining(": TLS, AUTH PLAIN accepted") });
  });

  test("none: no TLS even when the server offers STARTTLS", async () => {
    const p = await peer({ auth: AUTH, tls: true });
    expect(await check({ port: p.port, tls: "none" })).toMatchObject({ ok: true, detail: expect.stringContaining(": no TLS, AUTH PLAIN accepted") });
  });

  test("a wrong password: the server's answer verbatim", async () => {
    const p = await peer({ auth: AUTH, tls: true });
    expect(await check({ port: p.port, password: "wrong" })).toEqual({ ok: false, detail: "535 5.7.8 Authentication credentials invalid" });
  });

  test("starttls required but not offered: failed before the credential is sent", async () => {
    const p = await peer({});
    const r = await check({ port: p.port, tls: "starttls" });
    expect(r.ok).toBe(false);
    expect(r.detail).toContain("does not offer STARTTLS");
    expect(r.detail).toContain("the credential was not sent");
  });

  test("LOGIN when the server offers only LOGIN; EHLO names NEARBOUND_HOSTNAME", async () => {
    const p = await methodsPeer(["LOGIN"]);
    expect(await check({ port: p.port, tls: "none" })).toMatchObject({ ok: true, detail: expect.stringContaining("AUTH LOGIN accepted") });
    expect(p.logins).toEqual([`LOGIN ${AUTH.username}`]);
    expect(p.helo).toEqual(["mta.nearbound.test"]);
  });

  test("a server offering neither PLAIN nor LOGIN is named", async () => {
    const p = await methodsPeer(["CRAM-MD5"]);
    const r = await check({ port: p.port, tls: "none" });
    expect(r).toMatchObject({ ok: false, detail: expect.stringContaining("offers AUTH CRAM-MD5 only; Nearbound speaks PLAIN and LOGIN") });
  });

  test("a refusing greeting is kept verbatim", async () => {
    const port = await rawPeer("554 5.7.1 No SMTP service here\r\n");
    expect(await check({ port, tls: "none" })).toMatchObject({ ok: false, detail: expect.stringContaining("554 5.7.1 No SMTP service here") });
  });

  test("a certificate that must be verified and is self-signed fails TLS", async () => {
    // its own peer: the client hanging up mid-handshake is an error event this server must hear
    const server = new SMTPServer({ logger: false, secure: true, ...TEST_TLS, authOptional: true, disableReverseLookup: true });
    server.on("error", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const r = await check({ port: (server.server.address() as net.AddressInfo).port, tls: "implicit" }, { verifyCertificate: true });
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/certificate/i);
  });

  test("nothing listening: could not connect, each address tried", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await check({ port, tls: "none" }, { addresses: ["127.0.0.1", "127.0.0.2"] });
    expect(r.ok).toBe(false);
    expect(r.detail).toContain(`could not connect to localhost:${port} (127.0.0.1)`);
    expect(r.detail).toContain(`(127.0.0.2)`);
  });

  test("the next address is tried when the first does not answer", async () => {
    const p = await peer({ auth: AUTH, tls: true });
    const r = await check({ port: p.port, tls: "starttls" }, { addresses: ["127.0.0.2", "127.0.0.1"] });
    // the peer listens on 127.0.0.1 only: 127.0.0.2 refuses the connection
    expect(r.ok).toBe(true);
    expect(r.detail).toContain("(127.0.0.1)");
  });
});
