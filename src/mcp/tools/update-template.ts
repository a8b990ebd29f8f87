import { z } from "@hono/zod-openapi";
import { TEMPLATE_NAME_PATTERN } from "../../contract/shared-rules";
import { SavedTemplateSchema, TemplateVersionBody } from "../../contract/templates";
import { callerEInvoiceChecker } from "../../domain/templates/e-invoice-warnings";
import { publishVersion } from "../../domain/templates/publish-version";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { ServiceError } from "../../errors";
import { parseArguments, templateDefinition, tool } from "../tool";

function bareName(name: string): string {
  if (TEMPLATE_NAME_PATTERN.test(name.toLowerCase())) return name.toLowerCase();
  throw new ServiceError(
    "invalid_request",
    `update_template takes a bare template name such as \`${name.split("@")[0]}\`, not \`${name}\`: versions ` +
      `are immutable, publishing always creates the next one.`,
    {
      errors: [
        {
          path: "name",
          message: "A bare template name is required.",
          expected: `string matching ${TEMPLATE_NAME_PATTERN}`,
          received: name,
        },
      ],
    },
  );
}

export const updateTemplateTool = tool({
  name: "update_template",
  title: "Publish a template version",
  description:
    "Publish a new version of a template (POST /v1/templates/{name}" +
    "/versions). Takes a bare name, never name@N. Omitted fields are inherited.",
  // Versions are immutable: each call adds the next one and earlier versions still render.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: {
    name: z.string().describe("The bare template name, e.g. invoice."),
    ...TemplateVersionBody.shape,
    ...templateDefinition,
  },
  output: SavedTemplateSchema,
  run: async ({ name, ...definition }, caller, services) => {
    const { db, clock } = services;
    const { template, version, ...warnings } = await publishVersion(
      db,
      caller.account.id,
      bareName(name),
      parseArguments(TemplateVersionBody, definition),
      clock.iso(),
      callerEInvoiceChecker(caller, services),
    );
    return { ...serializeTemplate(template, version), ...warnings };
  },
});
