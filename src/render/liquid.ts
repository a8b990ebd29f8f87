import { Liquid } from "liquidjs";

/** Template source longer than this is refused at parse: it bounds the work a single template can ask for. */
export const MAX_SOURCE_CHARS = 1_000_000;
const RENDER_TIME_LIMIT_MS = 2_000;
const MEMORY_LIMIT_UNITS = 64 * 1024 * 1024;

/** Tags that would read other files; Folio templates are one self-contained document. */
const FILE_TAGS = ["include", "render", "layout"] as const;

/**
 * One Liquid engine with no file system: `include`, `render` and `layout` do not exist, so using one is
 * a parse error. `strictFilters` is on for rendering (an unknown filter is a hard error) and off for the
 * parse at create time, where only syntax is judged.
 */
export function createLiquid({ strictFilters }: { strictFilters: boolean }): Liquid {
  const engine = new Liquid({
    strictFilters,
    strictVariables: false,
    ownPropertyOnly: true,
    cache: false,
    parseLimit: MAX_SOURCE_CHARS,
    renderLimit: RENDER_TIME_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT_UNITS,
    templates: {},
  });
  for (const tag of FILE_TAGS) delete engine.tags[tag];
  return engine;
}

const parser = createLiquid({ strictFilters: false });

/** Null when `source` parses; otherwise the parser's complaint, with line and column where it has them. */
export function liquidSyntaxError(source: string): string | null {
  try {
    parser.parse(source);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
