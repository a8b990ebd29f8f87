import type { Validator } from "@cfworker/json-schema";
import type { TemplateVersionRow } from "../../db/schema";
import type { FieldError } from "../../errors";
import { compileSchema } from "./compile-schema";
import { fieldErrorsFromSchemaOutput } from "./schema-errors";
import { parseExample } from "./serialize-template";

const MAX_CACHED_VALIDATORS = 256;
const validators = new Map<string, Validator>();

/** Compiled validators are kept per checksum for the isolate's life: versions are immutable. */
function validatorFor(version: TemplateVersionRow): Validator {
  let validator = validators.get(version.checksum);
  if (!validator) {
    validator = compileSchema(version.schema);
    if (validators.size >= MAX_CACHED_VALIDATORS) validators.delete(validators.keys().next().value!);
    validators.set(version.checksum, validator);
  }
  return validator;
}

/** The field errors of `data` against the version's schema, rooted at `data`; empty when it is valid. */
export function validateTemplateData(version: TemplateVersionRow, data: unknown): FieldError[] {
  const result = validatorFor(version).validate(data);
  if (result.valid) return [];
  return fieldErrorsFromSchemaOutput(result.errors, version.schema, data, "data", parseExample(version));
}
