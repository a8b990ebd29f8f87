import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { TemplateVersionRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { BoundedCache } from "../../lib/bounded-cache";
import { renderLiquid } from "../../render/liquid/liquid";
import { type LiquidFinding, liquidFindings } from "../../render/liquid/liquid-diagnostics";
import { type StrayDelimiter, strayDelimiters } from "../../render/liquid/liquid-stray-delimiters";
import { cardSize } from "../../render/satori/card-document";
import { layoutFindings, undisplayedElementFindings } from "../../render/satori/satori-diagnostics";
import { accessibilityAuthoringWarnings } from "./authoring-accessibility";
import { codeWarnings } from "./code-checks";
import { type EInvoiceChecker, eInvoiceWarnings } from "./e-invoice-warnings";
import { parseExample } from "./serialize-template";
import { schemaErrors } from "./validate-data";

export type WarningCode =
  | "unknown_filter"
  | "clock_read"
  | "liquid_stray_delimiter"
  | "satori_layout"
  | "example_invalid"
  | "e_invoice_rule"
  | "e_invoice_unchecked"
  | "e_invoice_refused"
  | "invalid_code"
  | "accessibility"
  | "sign_skipped";

/** What does not block saving the template but shows at render time (README, "Template diagnostics"). */
export interface TemplateWarning {
  path: string;
  code: WarningCode;
  /** e_invoice_rule: the official rule's id; invalid_code: the code filter's rule; accessibility: the checkpoint. */
  rule?: string;
  message: string;
}

/** The most warnings one answer carries: past it, `warnings_truncated` says there were more. */
export const MAX_WARNINGS = 100;

/** A version's warnings as an answer carries them. */
export interface WarningList {
  warnings: TemplateWarning[];
  warnings_truncated?: true;
}

function liquidWarning(path: string, { code, filter, line, column }: LiquidFinding): TemplateWarning {
  const at = `line ${line}, column ${column}`;
  return code === "unknown_filter"
    ? {
        path,
        code,
        message: `\`${path}\` uses the unknown filter \`${filter}\` (${at}); rendering it fails with render_failed.`,
      }
    : {
        path,
        code,
        message:
          `\`${path}\` applies \`${filter}\` to "now" or "today" (${at}): it prints the date of the render ` +
          `request, and the cache keeps it, so a repeat of the same request answers the file made first, with ` +
          `its date. Pass the date in \`data\` for output that depends on the data alone.`,
      };
}

function strayWarning(path: string, { delimiter, after, line, column }: StrayDelimiter): TemplateWarning {
  return {
    path,
    code: "liquid_stray_delimiter",
    message:
      `\`${path}\` has a second \`${delimiter}\` right after \`${after}\` (line ${line}, column ${column}): the ` +
      `first one closed it, so this one prints as text. Delete it.`,
  };
}

function liquidWarnings(version: TemplateVersionRow): TemplateWarning[] {
  const options = version.options as RenderOptions;
  const parts: Array<[string, string | undefined]> = [
    ["source", version.source],
    ["options.header_html", options.header_html],
    ["options.footer_html", options.footer_html],
  ];
  // One more than an answer carries is enough to know it must say it was cut; finding the rest would cost a scan each.
  return parts.flatMap(([path, source]) =>
    source === undefined
      ? []
      : [
          ...liquidFindings(source, MAX_WARNINGS + 1).map((finding) => liquidWarning(path, finding)),
          ...strayDelimiters(source, MAX_WARNINGS + 1).map((stray) => strayWarning(path, stray)),
        ],
  );
}

/**
 * A satori card's <div>s are judged as written, whatever the example holds; when they pass, the card is laid out
 * with the example's data (or none), as a render of it would be, for whatever else Satori refuses.
 */
async function satoriWarnings(version: TemplateVersionRow, example: unknown): Promise<TemplateWarning[]> {
  if (version.engine !== "satori") return [];
  const warning = (message: string): TemplateWarning => ({ path: "source", code: "satori_layout", message });
  const undisplayed = undisplayedElementFindings(version.source);
  if (undisplayed.length) return undisplayed.map(warning);
  let html: string;
  try {
    // Laid out as if requested now: the date a clock-reading card prints changes only its text.
    html = await renderLiquid(version.source, { data: example ?? {}, instant: new Date() });
  } catch (error) {
    // The Liquid failing is reported by the Liquid warnings, or at render: there is no card to lay out.
    if (error instanceof ServiceError) return [];
    throw error;
  }
  const { width, height } = cardSize(version.options as RenderOptions);
  return (await layoutFindings(html, width, height)).map(warning);
}

function exampleWarnings(version: TemplateVersionRow, example: unknown): TemplateWarning[] {
  if (example === null) return [];
  return schemaErrors(version, example, "example").map(({ path, message }) => ({
    path,
    code: "example_invalid",
    message,
  }));
}

/**
 * The warnings of each definition and example seen: the studio previews the same one as the user types, and a
 * satori card's check is a whole layout. The checksum covers engine, source, schema and options; not the example.
 */
const known = new BoundedCache<Promise<TemplateWarning[]>>(128);

function definitionWarnings(version: TemplateVersionRow): Promise<TemplateWarning[]> {
  return known.get(`${version.checksum}\n${version.example ?? ""}`, async () => {
    const example = parseExample(version);
    return [
      ...liquidWarnings(version),
      ...(await satoriWarnings(version, example)),
      ...(await codeWarnings(version, example)),
      ...(await accessibilityAuthoringWarnings(version, example, MAX_WARNINGS + 1)),
      ...exampleWarnings(version, example),
    ];
  });
}

/**
 * Everything that would go wrong with this version although it was saved (empty when it is clean), at most MAX_WARNINGS
 * of it. With `checkEInvoice`, an e-invoice's example XML is checked with the official rules, once per call (not
 * cached: the answer depends on whether a render backend is reachable); a preview checks its own XML instead.
 */
export async function templateWarnings(
  version: TemplateVersionRow,
  checkEInvoice?: EInvoiceChecker,
): Promise<WarningList> {
  const [definition, invoice] = await Promise.all([
    definitionWarnings(version),
    checkEInvoice ? eInvoiceWarnings(version, parseExample(version), checkEInvoice) : [],
  ]);
  const all = [...definition, ...invoice];
  return all.length > MAX_WARNINGS
    ? { warnings: all.slice(0, MAX_WARNINGS), warnings_truncated: true as const }
    : { warnings: all };
}
