import { TemplateSchema } from "../../contract/templates";
import { resolveTemplate } from "../../domain/templates/find-template";
import { parseReference } from "../../domain/templates/reference";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { READS, templateRef, tool } from "../tool";

export const getTemplateTool = tool({
  name: "get_template",
  title: "Get a template",
  description:
    "Get a template version with source, schema, options and example (GET /v1/templates/{ref}" +
    "). ref is name, name@latest or name@N.",
  annotations: READS,
  input: { ref: templateRef },
  output: TemplateSchema,
  run: async ({ ref }, caller, { db }) => {
    const { template, version } = await resolveTemplate(db, caller.account.id, parseReference(ref));
    return serializeTemplate(template, version);
  },
});
