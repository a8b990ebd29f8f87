import type { Validator } from "@cfworker/json-schema";
import type { TemplateVersionRow } from "../../db/schema";
import type { FieldError } from "../../errors";
import { BoundedCache } from "../../lib/bounded-cache";
import { compileSchema } from "./compile-schema";
import { fieldErrorsFromSchemaOutput } from "./schema-errors";
import { parseExample } from "./serialize-template";

/** Compiled validators are kept per checksum: versions are immutable. */
const validators = new BoundedCache<Validator>(256);

/** The field errors of `data` against the version's schema, rooted at `data`; empty when it is valid. */
export function validateTemplateData(version: TemplateVersionRow, data: unknown): FieldError[] {
  const result = validators.get(version.checksum, () => compileSchema(version.schema)).validate(data);
  if (result.valid) return [];
  return fieldErrorsFromSchemaOutput(result.errors, version.schema, data, "data", parseExample(version));
}
