import { Liquid, type Template } from "liquidjs";
import { ServiceError } from "../../errors";
import { BoundedCache } from "../../lib/bounded-cache";
import { chunkHint } from "../chunk-hint";
import { registerCodeFilters } from "../codes/code-filters";
import { CodeLedger, type PageGeometry } from "../codes/code-ledger";
import { codeRefusalIn } from "../codes/code-refusal";
import { type Markup, RenderContext, registerFilters } from "./liquid-filters";
import { firstUnknownFilter, LiquidBudgetExceeded, parseLinearly, parseWithinBudget } from "./liquid-parse";
import { registerXmlAwareTags } from "./liquid-xml";
import { driveTemplate } from "./template-driver";

/** Template source longer than this is refused at parse: it bounds the work a single template can ask for. */
const MAX_SOURCE_CHARS = 1_000_000;
/**
 * Wall-clock time a render may take, turns given to other requests included: liquidjs checks it between
 * tags, driveTemplate at every turn it gives the event loop.
 */
export const RENDER_TIME_LIMIT_MS = 2_000;
/** liquidjs counts string and array sizes produced while rendering; this caps a runaway template's memory. */
const MEMORY_LIMIT = 32 * 1024 * 1024;

/**
 * What hitting each limit means for the template's author. A long document is the honest case (the bench's
 * 2000-page invoice takes ~4 s of Liquid): the hint names the data's longest array to chunk over.
 */
function limitHint(limit: string, data: unknown): string {
  if (limit === "render")
    return (
      `Liquid may run ${RENDER_TIME_LIMIT_MS / 1000} s per render (per chunk in a chunked render): a loop that ` +
      `never ends needs fixing. ${chunkHint(data)}`
    );
  if (limit === "memory")
    return (
      `Liquid may write ${MEMORY_LIMIT / 2 ** 20} MiB per render (per chunk in a chunked render): a runaway loop ` +
      `or string needs fixing. ${chunkHint(data)}`
    );
  return `A template source may be ${MAX_SOURCE_CHARS.toLocaleString("en-US")} characters long.`;
}

/** Tags that would read other files; Folio templates are one self-contained document. */
const FILE_TAGS = ["include", "render", "layout"] as const;

/**
 * One Liquid engine with no file system: `include`, `render` and `layout` do not exist, so using one is
 * a parse error. `strictFilters` is on for rendering (an unknown filter is a hard error) and off for the
 * parse at create time, where only syntax is judged.
 */
function createLiquid({ strictFilters }: { strictFilters: boolean }): Liquid {
  const engine = new Liquid({
    strictFilters,
    strictVariables: false,
    ownPropertyOnly: true,
    cache: false,
    parseLimit: MAX_SOURCE_CHARS,
    renderLimit: RENDER_TIME_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    templates: {},
  });
  for (const tag of FILE_TAGS) delete engine.tags[tag];
  parseLinearly(engine);
  registerXmlAwareTags(engine);
  registerFilters(engine);
  registerCodeFilters(engine);
  return engine;
}

/** Parses as the create-time check does (unknown filters allowed); the diagnostics walk its trees too. */
export const lenientParser = createLiquid({ strictFilters: false });
const renderer = createLiquid({ strictFilters: true });

/** Every filter a template may use: liquidjs's standard set and Folio's own. */
export function filterNames(): string[] {
  return Object.keys(renderer.filters).sort();
}

/**
 * A source parsed, and the first filter it names that does not exist, in liquidjs's words (a render of it fails there).
 */
interface ParsedSource {
  templates: Template[];
  unknownFilter: string | null;
}

/**
 * Parses are kept per source: a template version is immutable, so the create check, its diagnostics and every
 * render of it share one parse. The parse is the lenient one (an unknown filter parses); renderLiquid refuses a
 * source naming one, as a strict parse would have.
 */
const parsedSources = new BoundedCache<ParsedSource>(256);

export function parsedSource(source: string): ParsedSource {
  return parsedSources.get(source, () => {
    const templates = parseWithinBudget(lenientParser, source);
    return { templates, unknownFilter: firstUnknownFilter(templates, renderer.filters) };
  });
}

/**
 * Null when `source` parses; otherwise the parser's complaint (line and column where it has them), or the count it
 * passes.
 */
export function liquidSyntaxError(
  source: string,
): { message: string; details?: LiquidBudgetExceeded["details"] } | null {
  try {
    parsedSource(source);
    return null;
  } catch (error) {
    return {
      message: (error as Error).message,
      ...(error instanceof LiquidBudgetExceeded ? { details: error.details } : {}),
    };
  }
}

/**
 * What a template is rendered with: the request's data, and the instant its "now" and "today" stand for, the
 * time the render was requested (README, "Templates that read the clock"). Nothing else from outside reaches it.
 */
/**
 * Renders one Liquid part of the options with the render's data, as a page's or as XML; `path` names it in a failure.
 */
export type RenderPart = (source: string, path: string, markup?: Markup) => Promise<string>;

export interface LiquidInput {
  data: unknown;
  instant: Date;
  /** Shared by every part of one render; a part rendered alone (a warning's check) gets a budget of its own. */
  budget?: LiquidBudget;
}

/**
 * One render's Liquid budget: its source, header, footer, attachments and e-invoice XML all draw on the same
 * RENDER_TIME_LIMIT_MS and MEMORY_LIMIT, so ten attachments cannot each take a full budget of their own
 * (docs/contributing.md, "How a render stays safe"). The counters are liquidjs's own, taken from the first part's
 * context.
 */
export interface LiquidBudget {
  deadline: number;
  limits?: Pick<RenderContext, "memoryLimit" | "renderLimit">;
  /** The codes its parts draw, counted together (docs/limits.md#codes), and the page they are drawn for. */
  codes: CodeLedger;
}

export function liquidBudget(page?: PageGeometry, codes = new CodeLedger(page)): LiquidBudget {
  return { deadline: Date.now() + RENDER_TIME_LIMIT_MS, codes };
}

/**
 * Renders `source` with `input`, as a page (`markup` "html", outputs written as they are) or as XML (every output
 * escaped for its place: docs/rendering.md#liquid-outputs-in-xml). Any failure (an unknown filter, a filter error,
 * the parse, time or memory limit) is `render_failed` at stage `template`, naming the filter or the limit to blame.
 * The render is driven by driveTemplate, not liquidjs's render(), so other requests are served while it runs.
 */
export async function renderLiquid(
  source: string,
  { data, instant, budget = liquidBudget() }: LiquidInput,
  part = "source",
  markup: Markup = "html",
): Promise<string> {
  try {
    const scope = data !== null && typeof data === "object" && !Array.isArray(data) ? (data as object) : { data };
    const { templates, unknownFilter } = parsedSource(source);
    if (unknownFilter) throw new Error(unknownFilter);
    const context = new RenderContext(scope, renderer, instant, budget.limits, markup, budget.codes);
    budget.limits ??= { memoryLimit: context.memoryLimit, renderLimit: context.renderLimit };
    return String(await driveTemplate(renderer._render(templates, context, { sync: false }), budget.deadline));
  } catch (error) {
    const refusal = codeRefusalIn(error);
    if (refusal)
      throw new ServiceError("render_failed", `The template failed to render (${part}): ${refusal.message}.`, {
        details: { stage: "template", part, ...refusal.details },
      });
    const message = (error as Error).message;
    const filter = /undefined filter: ([\w-]+)/.exec(message)?.[1];
    const limit = /(render|memory|parse)(?: alloc| length)? limit exceeded/i.exec(message)?.[1]?.toLowerCase();
    const what = filter
      ? `The template uses the unknown filter \`${filter}\` (${part}).`
      : `The template failed to render (${part}): ${message}${limit ? `. ${limitHint(limit, data)}` : ""}`;
    // A stored version made before a count was set may pass it: it no longer renders, saying which count.
    const budget = error instanceof LiquidBudgetExceeded ? { ...error.details } : {};
    throw new ServiceError(
      "render_failed",
      error instanceof LiquidBudgetExceeded ? `The template (${part}) is refused: ${message}.` : what,
      {
        details: {
          stage: "template",
          part,
          ...(filter ? { filter } : {}),
          ...(limit ? { limit: `${limit}_limit` } : {}),
          ...budget,
          cause: message,
        },
      },
    );
  }
}
