import { TemplateListSchema } from "../../contract/templates";
import { listTemplates } from "../../domain/templates/list-templates";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { READS, tool } from "../tool";

export const listTemplatesTool = tool({
  name: "list_templates",
  title: "List templates",
  description: "List your live templates at their latest version (GET /v1/templates).",
  annotations: READS,
  input: {},
  output: TemplateListSchema,
  run: async (_args, caller, { db }) => ({
    object: "list" as const,
    data: (await listTemplates(db, caller.account.id)).map(({ template, version }) =>
      serializeTemplate(template, version),
    ),
  }),
});
