// A bound on a JSON text's shape, checked in one linear pass before it is
// parsed or validated: a body nested 100,000 levels deep (200 KB) overflows the
// stack of every recursive walker after JSON.parse (validation, error listing),
// and a huge flat array costs validation time far beyond its bytes.

export interface JsonShapeLimits {
  /** Arrays and objects nested inside one another. */
  maxDepth: number;
  /** Values in the whole document (every array item and object member). */
  maxValues: number;
}

/** What is over a limit (a sentence for a problem's detail), or null. Strings are skipped, escapes included. */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): string | null {
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: skip to its closing quote
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) i++;
        else if (s === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > limits.maxDepth) return `The JSON nests arrays and objects more than ${limits.maxDepth} levels deep.`;
      values++;
    } else if (c === 93 || c === 125) {
      depth--;
    } else if (c === 44) {
      if (++values > limits.maxValues) return `The JSON holds more than ${limits.maxValues} values.`;
    }
  }
  return null;
}
