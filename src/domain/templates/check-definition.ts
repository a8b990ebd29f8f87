import type { RenderOptions } from "../../contract/render-options/options-schema";
import { type FieldError, ServiceError } from "../../errors";
import { liquidSyntaxError } from "../../render/liquid/liquid";
import { cardSize } from "../../render/satori/card-document";
import { satoriTree } from "../../render/satori/satori";
import { CardBudgetExceeded, measureCard } from "../../render/satori/satori-budget";
import { cardElements, measureDrawing } from "../../render/satori/satori-cost";
import { markupAsWritten } from "../../render/satori/satori-diagnostics";
import { templateFinishingProblems } from "../render-options/finishing-rules";
import type { TemplateDefinition } from "./checksum";
import { codeProblems } from "./code-checks";
import { compileSchema } from "./compile-schema";

function liquidProblem(path: string, source: string, budgets: Array<Record<string, number>>): FieldError[] {
  const problem = liquidSyntaxError(source);
  if (!problem) return [];
  if (problem.details) {
    budgets.push(problem.details);
    return [
      {
        path,
        message: `\`${path}\` is refused: ${problem.message}.`,
        expected: "at most 20,000 Liquid tags and outputs, blocks at most 64 deep",
        received: "more",
      },
    ];
  }
  return [
    {
      path,
      message: `\`${path}\` is not valid Liquid: ${problem.message}`,
      expected: "Liquid that parses (no include, render or layout)",
      received: "invalid Liquid",
    },
  ];
}

/**
 * The counts and costs a satori card's markup as written already passes (the data can only add to them): its
 * elements, text and depth, and what its drawing costs at the least, with the template's own size.
 */
function cardProblem(definition: TemplateDefinition, budgets: Array<Record<string, number>>): FieldError[] {
  if (definition.engine !== "satori" || liquidSyntaxError(definition.source)) return [];
  const options = definition.options as RenderOptions;
  try {
    const markup = markupAsWritten(definition.source, false);
    measureCard(markup);
    const raster = { ...cardSize(options), scale: options.device_scale_factor ?? 1 };
    measureDrawing(cardElements(satoriTree(markup), raster), new Map(), raster);
    return [];
  } catch (error) {
    if (!(error instanceof CardBudgetExceeded)) throw error;
    budgets.push(error.details);
    return [
      {
        path: "source",
        message: `\`source\` is refused: the card ${error.message}, more than Satori and resvg draw quickly.`,
        expected: "a card within the limits of /docs#limits",
        received: "more",
      },
    ];
  }
}

/** Every option that is Liquid source, by its path: header and footer, the e-invoice XML, utf8 attachments. */
function liquidOptions(options: RenderOptions): Array<[string, string]> {
  const parts: Array<[string, string | undefined]> = [
    ["options.header_html", options.header_html],
    ["options.footer_html", options.footer_html],
    ["options.e_invoice.xml", options.e_invoice?.xml],
    ...(options.attachments ?? []).map((a, i): [string, string | undefined] => [
      `options.attachments[${i}].content`,
      a.encoding === "base64" ? undefined : a.content,
    ]),
  ];
  return parts.filter((part): part is [string, string] => typeof part[1] === "string");
}

/**
 * The rules a definition must pass beyond its JSON shape: source and the Liquid options parse, the finishing
 * options agree (and hold no password), and the schema compiles. All problems are reported together, so one
 * round trip fixes them all.
 */
export function checkDefinition(definition: TemplateDefinition): void {
  const options = definition.options as RenderOptions;
  const budgets: Array<Record<string, number>> = [];
  const errors: FieldError[] = [
    ...liquidProblem("source", definition.source, budgets),
    ...cardProblem(definition, budgets),
    ...templateFinishingProblems(options),
    ...codeProblems(definition),
  ];
  for (const [path, source] of liquidOptions(options)) errors.push(...liquidProblem(path, source, budgets));
  try {
    compileSchema(definition.schema);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    errors.push(...(error.extra.errors ?? []));
  }
  const [first] = errors;
  if (first) {
    // A count passed says which (details.max_nodes or details.max_depth), as a render of such a template would.
    throw new ServiceError(
      "invalid_request",
      errors.length === 1 ? first.message : `The template has ${errors.length} problems; see \`errors\`.`,
      { errors, ...(budgets.length ? { details: Object.assign({}, ...budgets) } : {}) },
    );
  }
}
