import type { Validator } from "@cfworker/json-schema";
import type { TemplateVersionRow } from "../../db/schema";
import type { FieldError } from "../../errors";
import { BoundedCache } from "../../lib/bounded-cache";
import { compileSchema } from "./compile-schema";
import { fieldErrorsFromSchemaOutput } from "./schema-errors";
import { parseExample } from "./serialize-template";

/** Compiled validators are kept per checksum: versions are immutable. */
const validators = new BoundedCache<Validator>(256);

/**
 * The field errors of `value` against the version's schema, rooted at `root`; empty when it is valid.
 * `hints` gives a value whose entries suggest acceptable ones; it is only asked for when there are errors.
 */
export function schemaErrors(
  version: TemplateVersionRow,
  value: unknown,
  root: string,
  hints?: () => unknown,
): FieldError[] {
  const result = validators.get(version.checksum, () => compileSchema(version.schema)).validate(value);
  if (result.valid) return [];
  return fieldErrorsFromSchemaOutput(result.errors, version.schema, value, root, hints?.());
}

/**
 * The field errors of `data` against the version's schema, rooted at `data`, with the example's values as
 * hints: only when the example passes the schema itself, since a hint that fails would contradict its message.
 */
export function validateTemplateData(version: TemplateVersionRow, data: unknown): FieldError[] {
  return schemaErrors(version, data, "data", () => {
    const example = parseExample(version);
    return example !== null && schemaErrors(version, example, "example").length === 0 ? example : undefined;
  });
}
