import { ValidationResultSchema } from "../../contract/templates";
import { parseReference } from "../../domain/templates/reference";
import { validationResult } from "../../domain/templates/validation-result";
import { anyJson, READS, templateRef, tool } from "../tool";

export const validateTemplateTool = tool({
  name: "validate_template",
  title: "Validate data for a template",
  description:
    "Check data against a template's schema without rendering (POST /v1/templates/{ref}/validate). Free; counts " +
    "as a preview (the previews' windows).",
  annotations: READS,
  input: {
    ref: templateRef,
    data: anyJson("The data to check, as JSON (usually an object, not a JSON-encoded string)."),
  },
  output: ValidationResultSchema,
  run: ({ ref, data }, caller, services) => validationResult(caller, parseReference(ref), data, services),
});
