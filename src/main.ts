#!/usr/bin/env bun
// The CLI (DESIGN.md §2): `bun src/main.ts <command>` or the compiled `nearbound`.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "./cli/args";
import { HELP } from "./cli/help";
import { ConfigError, loadConfig, type Config } from "./config";
import { createContext, databaseFile, type Ctx } from "./context";
import { iso } from "./lib/clock";
import { DomainError } from "./lib/errors";
import { silentLogger } from "./lib/log";
import type { KeyKind } from "./modules/workspaces/tokens";
import { createKey, createWorkspace, listKeys, revokeKey } from "./modules/workspaces/workspaces";

class UsageError extends Error {}

const out = (v: unknown) => process.stdout.write(JSON.stringify(v) + "\n");

function need(flags: Record<string, string | boolean>, name: string): string {
  const v = flags[name];
  if (typeof v !== "string" || !v) throw new UsageError(`--${name} is required`);
  return v;
}

function cliContext(config: Config): Ctx {
  return createContext(config, { log: silentLogger });
}

async function run(argv: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  const [cmd, sub] = positionals;
  const name = cmd === "workspace" || cmd === "key" ? `${cmd} ${sub ?? ""}`.trim() : (cmd ?? "main");
  if (flags.help || !cmd) {
    process.stdout.write((HELP[name] ?? HELP.main) + "\n");
    return cmd && !HELP[name] ? 2 : 0;
  }
  if (!HELP[name]) throw new UsageError(`unknown command: ${positionals.join(" ")}`);
  const config = loadConfig(flags);

  switch (name) {
    case "serve": {
      const { serve } = await import("./serve");
      return serve(config);
    }
    case "migrate": {
      const ctx = createContext(config, { log: silentLogger, migrate: false });
      const { migrate } = await import("./db/migrate");
      const n = migrate(ctx.db);
      process.stderr.write(`applied ${n} migration(s)\n`);
      ctx.db.$client.close();
      return 0;
    }
    case "workspace create": {
      const ctx = cliContext(config);
      const r = createWorkspace(ctx, { name: need(flags, "name") });
      out({ workspace_id: r.workspace.id, test_workspace_id: r.testWorkspace.id, api_key: r.apiKey, test_api_key: r.testApiKey, verification_key: r.verificationKey });
      return 0;
    }
    case "key create": {
      const ctx = cliContext(config);
      const kind = (typeof flags.kind === "string" ? flags.kind : "api") as KeyKind;
      if (!["api", "workspace", "cli", "verification"].includes(kind)) throw new UsageError(`--kind must be api, workspace, cli or verification`);
      const scopes = typeof flags.scopes === "string" ? flags.scopes.split(",").map((s) => s.trim()).filter(Boolean) : [];
      if (kind === "api" && !scopes.length) throw new UsageError("--scopes is required for an api key");
      const { key, token } = createKey(ctx, { workspaceId: need(flags, "workspace"), scopes: kind === "verification" && !scopes.length ? ["people:write"] : scopes, kind });
      out({ id: key.id, token, scopes: key.scopes });
      return 0;
    }
    case "key list": {
      const ctx = cliContext(config);
      out(
        listKeys(ctx, need(flags, "workspace")).map((k) => ({
          id: k.id,
          kind: k.kind,
          token_prefix: k.tokenPrefix,
          scopes: k.scopes,
          created_at: iso(k.createdAt),
          revoked_at: iso(k.revokedAt),
        })),
      );
      return 0;
    }
    case "key revoke": {
      const id = positionals[2];
      if (!id) throw new UsageError("key revoke needs a key id");
      const ctx = cliContext(config);
      const k = revokeKey(ctx, id);
      out({ id: k.id, revoked_at: iso(k.revokedAt) });
      return 0;
    }
    case "backup": {
      const to = resolve(need(flags, "to"));
      if (existsSync(to)) throw new UsageError(`${to} already exists`);
      if (!existsSync(dirname(to))) throw new UsageError(`directory ${dirname(to)} does not exist`);
      // Without this check createContext would create an empty database and back that up.
      if (!existsSync(databaseFile(config.dataDir))) throw new UsageError(`no database in ${config.dataDir}`);
      const ctx = createContext(config, { log: silentLogger, migrate: false });
      // VACUUM INTO reads one consistent snapshot, even while serve writes.
      ctx.db.$client.prepare("VACUUM INTO ?").run(to);
      ctx.db.$client.close();
      process.stderr.write(`backup written to ${to}\n`);
      return 0;
    }
  }
  throw new UsageError(`unknown command: ${name}`);
}

try {
  const code = await run(process.argv.slice(2));
  if (!process.argv.includes("serve") || code !== 0) process.exit(code);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`nearbound: invalid configuration: ${err.message}\n`);
    process.exit(78);
  }
  if (err instanceof UsageError) {
    process.stderr.write(`nearbound: ${err.message} (see --help)\n`);
    process.exit(2);
  }
  if (err instanceof DomainError) {
    process.stderr.write(`nearbound: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
