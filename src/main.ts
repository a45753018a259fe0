#!/usr/bin/env bun
// The CLI (DESIGN.md §2): `bun src/main.ts <command>` or the compiled `nearbound`.
import { closeSync, existsSync, openSync, renameSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "./cli/args";
import { GROUPS, HELP, MAIN_HELP } from "./cli/help";
import { ConfigError, loadConfig, type Config } from "./config";
import { createAppContext } from "./app-context";
import { databaseFile, type Ctx } from "./context";
import { iso } from "./lib/clock";
import { DomainError } from "./lib/errors";
import { isId } from "./lib/ids";
import { silentLogger } from "./lib/log";
import { SCOPES, isScope } from "./modules/workspaces/scopes";
import type { KeyKind } from "./modules/workspaces/tokens";
import { createKey, createWorkspace, listKeys, revokeKey, workspaceNameProblem } from "./modules/workspaces/workspaces";

/** A command line refused before anything is created or opened: exit 2. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly seeHelp = true,
  ) {
    super(message);
  }
}

const out = (v: unknown) => process.stdout.write(JSON.stringify(v) + "\n");

function need(flags: Record<string, string | boolean>, name: string): string {
  const v = flags[name];
  if (typeof v !== "string" || !v) throw new UsageError(`--${name} is required`);
  return v;
}

function needId(value: string, prefix: string, what: string): string {
  if (!isId(value, prefix)) throw new UsageError(`${what} ${value}: expected ${prefix}_ followed by 32 hex digits`);
  return value;
}

const KINDS: KeyKind[] = ["api", "workspace", "cli", "verification"];

/** Every check of `key create` that needs no database. */
function keyCreateArgs(flags: Record<string, string | boolean>): { workspaceId: string; kind: KeyKind; scopes: string[] } {
  const workspaceId = needId(need(flags, "workspace"), "wsp", "--workspace");
  const kind = flags.kind ?? "api";
  if (!KINDS.includes(kind as KeyKind)) throw new UsageError(`--kind must be api, workspace, cli or verification`);
  // these tokens always carry every scope: silently dropping --scopes would mislead
  if ((kind === "workspace" || kind === "cli") && flags.scopes !== undefined) throw new UsageError(`--scopes does not apply to --kind ${kind}: its tokens carry every scope`);
  const scopes = typeof flags.scopes === "string" ? flags.scopes.split(",").map((s) => s.trim()).filter(Boolean) : [];
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new UsageError(`unknown scope(s) ${unknown.join(", ")}; valid scopes: ${SCOPES.join(", ")}`);
  if (kind === "api" && !scopes.length) throw new UsageError("--scopes is required for an api key");
  return { workspaceId, kind: kind as KeyKind, scopes: kind === "verification" && !scopes.length ? ["people:write"] : scopes };
}

/** For commands on an existing database: never create an empty one in the wrong place. */
function needDatabase(config: Config): void {
  if (!existsSync(databaseFile(config.dataDir))) throw new UsageError(`no database in ${config.dataDir} (did you pass the same --data-dir as serve?)`, false);
}

function cliContext(config: Config, migrate = true): Ctx {
  return createAppContext(config, { log: silentLogger, migrate });
}

/**
 * The copy holds every workspace's data, so it is never readable by others, not
 * even while written: VACUUM INTO fills a temporary file created 0600 (SQLite
 * keeps an existing empty file's mode), renamed into place when complete.
 */
function backupTo(ctx: Ctx, to: string): void {
  const tmp = `${to}.partial-${process.pid}`;
  closeSync(openSync(tmp, "wx", 0o600));
  try {
    // VACUUM INTO reads one consistent snapshot, even while serve writes.
    ctx.db.$client.prepare("VACUUM INTO ?").run(tmp);
    renameSync(tmp, to);
  } finally {
    rmSync(tmp, { force: true });
  }
}

async function run(argv: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  const [cmd, sub] = positionals;
  if (!cmd) {
    process.stdout.write(MAIN_HELP + "\n");
    return 0;
  }
  const name = GROUPS.includes(cmd) && sub ? `${cmd} ${sub}` : cmd;
  if (!Object.hasOwn(HELP, name)) throw new UsageError(`unknown command: ${name}`);
  if (flags.help) {
    process.stdout.write(HELP[name] + "\n");
    return 0;
  }
  if (GROUPS.includes(name)) throw new UsageError(`${name} needs a subcommand (see nearbound ${name} --help)`, false);
  const config = loadConfig(flags);

  // Each command checks all its arguments before it creates or opens anything.
  switch (name) {
    case "serve": {
      const { serve } = await import("./serve");
      return serve(config);
    }
    case "migrate": {
      const ctx = cliContext(config, false);
      const { migrate } = await import("./db/migrate");
      const n = migrate(ctx.db);
      process.stderr.write(`applied ${n} migration(s)\n`);
      ctx.db.$client.close();
      return 0;
    }
    case "workspace create": {
      const workspaceName = need(flags, "name");
      const problem = workspaceNameProblem(workspaceName);
      if (problem) throw new UsageError(`--name: ${problem}`);
      const r = createWorkspace(cliContext(config), { name: workspaceName });
      out({ workspace_id: r.workspace.id, test_workspace_id: r.testWorkspace.id, api_key: r.apiKey, test_api_key: r.testApiKey, verification_key: r.verificationKey });
      return 0;
    }
    case "key create": {
      const args = keyCreateArgs(flags);
      needDatabase(config);
      const { key, token } = createKey(cliContext(config), args);
      out({ id: key.id, token, scopes: key.scopes });
      return 0;
    }
    case "key list": {
      const workspaceId = needId(need(flags, "workspace"), "wsp", "--workspace");
      needDatabase(config);
      out(
        listKeys(cliContext(config), workspaceId).map((k) => ({
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
      needId(id, "key", "key id");
      needDatabase(config);
      const k = revokeKey(cliContext(config), id);
      out({ id: k.id, revoked_at: iso(k.revokedAt) });
      return 0;
    }
    case "shaping": {
      needDatabase(config);
      const { printShapingRules } = await import("./cli/shaping");
      const ctx = cliContext(config);
      printShapingRules(ctx);
      ctx.db.$client.close();
      return 0;
    }
    case "backup": {
      const to = resolve(need(flags, "to"));
      if (existsSync(to)) throw new UsageError(`${to} already exists`);
      if (!existsSync(dirname(to))) throw new UsageError(`directory ${dirname(to)} does not exist`);
      needDatabase(config);
      const ctx = cliContext(config, false);
      backupTo(ctx, to);
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
    process.stderr.write(`nearbound: ${err.message}${err.seeHelp ? " (see --help)" : ""}\n`);
    process.exit(2);
  }
  if (err instanceof DomainError) {
    process.stderr.write(`nearbound: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
