import { TEMPLATE_NAME_PATTERN } from "../../contract/shared-rules";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/client";
import { type TemplateRow, type TemplateVersionRow, templates, templateVersions } from "../../db/schema";
import { ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { checkDefinition } from "./check-definition";
import { type TemplateDefinition, templateChecksum } from "./checksum";
import type { EInvoiceChecker } from "./e-invoice-warnings";
import { findLiveTemplate } from "./find-template";
import { DEFAULT_EXPECTED_PAGES, exampleColumn, type TemplateInput } from "./template-input";
import { type TemplateWarning, templateWarnings } from "./template-warnings";

async function nameTaken(db: Database, accountId: string, name: string, baseUrl: string): Promise<ServiceError> {
  const holder = await findLiveTemplate(db, accountId, name);
  return new ServiceError(
    "conflict",
    `A template named \`${name}\` already exists (latest version ${holder.latestVersion}). Publish a new ` +
      `version instead.`,
    {
      details: {
        code: "template_exists",
        template: name,
        latest_version: holder.latestVersion,
        new_version_url: `${baseUrl}/v1/templates/${name}/versions`,
      },
    },
  );
}

/**
 * Creates a template at version 1. The name is lowercased; only a live template holds a name. The
 * warnings say what will fail at render time although the definition was accepted.
 */
export async function createTemplate(
  db: Database,
  accountId: string,
  input: TemplateInput & { name: string },
  deps: { now: string; baseUrl: string; checkEInvoice: EInvoiceChecker },
): Promise<{ template: TemplateRow; version: TemplateVersionRow; warnings: TemplateWarning[] }> {
  const name = input.name.toLowerCase();
  if (!TEMPLATE_NAME_PATTERN.test(name)) {
    throw new ServiceError("invalid_request", `\`${input.name}\` is not a valid template name.`, {
      errors: [
        {
          path: "name",
          message: "A name is 1 to 63 characters of a-z, 0-9, `.`, `_` and `-`, starting with a letter or digit.",
          expected: `string matching ${TEMPLATE_NAME_PATTERN}`,
          received: input.name,
          example: "invoice",
        },
      ],
    });
  }
  const definition: TemplateDefinition = {
    engine: input.engine ?? "chromium",
    source: input.source,
    schema: input.schema ?? {},
    options: input.options ?? {},
  };
  checkDefinition(definition);
  const template: TemplateRow = {
    id: newId("tpl"),
    accountId,
    name,
    description: input.description ?? "",
    latestVersion: 1,
    createdAt: deps.now,
    updatedAt: deps.now,
    deletedAt: null,
  };
  const version: TemplateVersionRow = {
    id: newId("tv"),
    templateId: template.id,
    version: 1,
    ...definition,
    expectedPages: input.expected_pages ?? DEFAULT_EXPECTED_PAGES,
    example: exampleColumn(input.example),
    message: input.message ?? null,
    checksum: await templateChecksum(definition),
    createdAt: deps.now,
  };
  const warnings = await templateWarnings(version, deps.checkEInvoice);
  try {
    await db.batch([db.insert(templates).values(template), db.insert(templateVersions).values(version)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw await nameTaken(db, accountId, name, deps.baseUrl);
    throw error;
  }
  return { template, version, ...warnings };
}
