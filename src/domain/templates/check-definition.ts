import { ServiceError, type FieldError } from "../../errors";
import { liquidSyntaxError } from "../../render/liquid";
import { templateFinishingProblems } from "../render-options/finishing-rules";
import type { RenderOptions } from "../render-options/options-schema";
import { compileSchema } from "./compile-schema";
import type { TemplateDefinition } from "./checksum";

function liquidProblem(path: string, source: string): FieldError[] {
  const problem = liquidSyntaxError(source);
  return problem ? [{ path, message: `\`${path}\` is not valid Liquid: ${problem}`, expected: "Liquid that parses (no include, render or layout)", received: "invalid Liquid" }] : [];
}

/** Every option that is Liquid source, by its path: header and footer, the e-invoice XML, utf8 attachments. */
function liquidOptions(options: RenderOptions): Array<[string, string]> {
  const parts: Array<[string, string | undefined]> = [
    ["options.header_html", options.header_html],
    ["options.footer_html", options.footer_html],
    ["options.e_invoice.xml", options.e_invoice?.xml],
    ...(options.attachments ?? []).map((a, i): [string, string | undefined] => [`options.attachments[${i}].content`, a.encoding === "base64" ? undefined : a.content]),
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
  const errors: FieldError[] = [...liquidProblem("source", definition.source), ...templateFinishingProblems(options)];
  for (const [path, source] of liquidOptions(options)) errors.push(...liquidProblem(path, source));
  try {
    compileSchema(definition.schema);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    errors.push(...(error.extra.errors ?? []));
  }
  if (errors.length) {
    throw new ServiceError("invalid_request", errors.length === 1 ? errors[0]!.message : `The template has ${errors.length} problems; see \`errors\`.`, { errors });
  }
}
