// A small argv parser: positional words, then --flag value / --flag=value / --bool.
export interface Parsed {
  positionals: string[];
  flags: Record<string, string | boolean>;
}

const BOOLEAN_FLAGS = new Set(["help", "h"]);

export function parseArgs(argv: string[]): Parsed {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else if (BOOLEAN_FLAGS.has(a.slice(2)) || argv[i + 1] === undefined || argv[i + 1]!.startsWith("--")) flags[a.slice(2)] = true;
      else flags[a.slice(2)] = argv[++i]!;
    } else if (a === "-h") flags.help = true;
    else positionals.push(a);
  }
  return { positionals, flags };
}
