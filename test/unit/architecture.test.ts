// The shape every domain copies (DESIGN.md §4), checked on the source itself:
// no import cycles, and domain code never reaches into HTTP.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every relative import and re-export of each file, type-only ones included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const deps: string[] = [];
    for (const m of readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']/g)) {
      let target = resolve(dirname(file), m[1]!);
      if (!target.endsWith(".ts")) target = existsSync(`${target}.ts`) ? `${target}.ts` : join(target, "index.ts");
      deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

const name = (f: string) => relative(SRC, f);

describe("source structure", () => {
  const graph = importGraph();

  test("no import cycles", () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (file: string) => {
      if (done.has(file)) return;
      const at = path.indexOf(file);
      if (at >= 0) {
        cycles.push([...path.slice(at), file].map(name).join(" → "));
        return;
      }
      path.push(file);
      for (const dep of graph.get(file) ?? []) visit(dep);
      path.pop();
      done.add(file);
    };
    for (const file of graph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });
});

describe("layers", () => {
  const graph = importGraph();
  const under = (dir: string) => [...graph.keys()].filter((f) => f.startsWith(join(SRC, dir)));
  const importsFrom = (file: string, dir: string) => (graph.get(file) ?? []).filter((d) => d.startsWith(join(SRC, dir))).map(name);

  test("domain code never imports HTTP", () => {
    expect(under("modules").flatMap((f) => importsFrom(f, "http").map((d) => `${name(f)} → ${d}`))).toEqual([]);
  });

  test("representations import neither HTTP nor domain code", () => {
    expect(under("representations").flatMap((f) => [...importsFrom(f, "http"), ...importsFrom(f, "modules")].map((d) => `${name(f)} → ${d}`))).toEqual([]);
  });

  test("route files query nothing themselves: no import from src/db", () => {
    const routes = [...graph.keys()].filter((f) => f.endsWith(".routes.ts"));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.flatMap((f) => importsFrom(f, "db").map((d) => `${name(f)} → ${d}`))).toEqual([]);
  });
});
