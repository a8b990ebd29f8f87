import { SavedTemplateSchema, TemplateCreateBody } from "../../contract/templates";
import { createTemplate } from "../../domain/templates/create-template";
import { callerEInvoiceChecker } from "../../domain/templates/e-invoice-warnings";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { parseArguments, templateDefinition, tool } from "../tool";

export const createTemplateTool = tool({
  name: "create_template",
  title: "Create a template",
  description:
    "Create a template (POST /v1/templates): HTML with Liquid, an optional JSON Schema for its data, default " +
    "render options. Free.",
  // Adds a template; the same call again is a conflict, not a second template.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: { ...TemplateCreateBody.shape, ...templateDefinition },
  output: SavedTemplateSchema,
  run: async (args, caller, services) => {
    const { db, baseUrl, clock } = services;
    const { template, version, ...warnings } = await createTemplate(
      db,
      caller.account.id,
      parseArguments(TemplateCreateBody, args),
      { now: clock.iso(), baseUrl, checkEInvoice: callerEInvoiceChecker(caller, services) },
    );
    return { ...serializeTemplate(template, version), ...warnings };
  },
});
