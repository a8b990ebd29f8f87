import { ServiceError, type FieldError } from "../../errors";
import { liquidSyntaxError } from "../../render/liquid";
import { compileSchema } from "./compile-schema";
import type { TemplateDefinition } from "./checksum";

function liquidProblem(path: string, source: string): FieldError[] {
  const problem = liquidSyntaxError(source);
  return problem ? [{ path, message: `\`${path}\` is not valid Liquid: ${problem}`, expected: "Liquid that parses (no include, render or layout)", received: "invalid Liquid" }] : [];
}

/**
 * The rules a definition must pass beyond its JSON shape: source and header/footer parse as Liquid, and
 * the schema compiles. All problems are reported together, so one round trip fixes them all.
 */
export function checkDefinition(definition: TemplateDefinition): void {
  const errors: FieldError[] = [...liquidProblem("source", definition.source)];
  for (const key of ["header_html", "footer_html"] as const) {
    const value = definition.options[key];
    if (typeof value === "string") errors.push(...liquidProblem(`options.${key}`, value));
  }
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
