// Settings read once at start (src/config.ts): names, aliases and refusals.
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";

const load = (env: Record<string, string>) => loadConfig({ "data-dir": "/tmp/nearbound-config-test" }, env);

describe("NEARBOUND_ALLOW_PRIVATE_TARGETS", () => {
  test("is off by default", () => {
    expect(load({}).allowPrivateTargets).toBe(false);
  });

  test("1 allows private targets for every outbound connection", () => {
    expect(load({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "1" }).allowPrivateTargets).toBe(true);
  });

  test("NEARBOUND_ALLOW_PRIVATE_WEBHOOKS, its older name, still works", () => {
    expect(load({ NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1" }).allowPrivateTargets).toBe(true);
  });

  test("the new name wins over the old one", () => {
    expect(load({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "0", NEARBOUND_ALLOW_PRIVATE_WEBHOOKS: "1" }).allowPrivateTargets).toBe(false);
  });

  test("anything but 0/1/true/false is refused, naming the setting", () => {
    expect(() => load({ NEARBOUND_ALLOW_PRIVATE_TARGETS: "yes" })).toThrow(new ConfigError('NEARBOUND_ALLOW_PRIVATE_TARGETS: "yes" must be 1 or 0'));
  });
});

describe("NEARBOUND_AI_*", () => {
  test("a base URL needs a model", () => {
    expect(() => load({ NEARBOUND_AI_BASE_URL: "http://127.0.0.1:9/v1" })).toThrow(ConfigError);
  });

  test("a base URL must be http(s)", () => {
    expect(() => load({ NEARBOUND_AI_BASE_URL: "ftp://x", NEARBOUND_AI_MODEL: "m" })).toThrow(ConfigError);
  });

  test("unset means no provider", () => {
    expect(load({}).ai).toEqual({ baseUrl: null, apiKey: null, model: null, monthlyTokens: 1_000_000 });
  });

  test("the monthly token budget is a positive integer", () => {
    expect(load({ NEARBOUND_AI_MONTHLY_TOKENS: "250000" }).ai.monthlyTokens).toBe(250_000);
    expect(() => load({ NEARBOUND_AI_MONTHLY_TOKENS: "0" })).toThrow(ConfigError);
  });
});

describe("NEARBOUND_SMTP_RELAY_CONNECTIONS", () => {
  test("20 connections to the smart host by default; a positive integer when set", () => {
    expect(load({}).smtpRelayConnections).toBe(20);
    expect(load({ NEARBOUND_SMTP_RELAY_CONNECTIONS: "4" }).smtpRelayConnections).toBe(4);
    expect(() => load({ NEARBOUND_SMTP_RELAY_CONNECTIONS: "0" })).toThrow(ConfigError);
  });
});
