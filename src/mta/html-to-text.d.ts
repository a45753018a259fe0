// The part of html-to-text (v10, which ships no types) that mime.ts uses.
declare module "html-to-text" {
  export interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
    [option: string]: unknown;
  }
  /** Builds a converter once for the given options (cheaper than convert per call). */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
