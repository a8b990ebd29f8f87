import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/client";
import { type TemplateRow, type TemplateVersionRow, templates, templateVersions } from "../../db/schema";
import { ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { checkDefinition } from "./check-definition";
import { type TemplateDefinition, templateChecksum } from "./checksum";
import type { EInvoiceChecker } from "./e-invoice-warnings";
import { resolveTemplate } from "./find-template";
import { guardHolds, guardNamed, type PublishGuard } from "./if-match";
import { exampleColumn, type TemplateInput } from "./template-input";
import { type TemplateWarning, templateWarnings } from "./template-warnings";

const PUBLISH_ATTEMPTS = 5;

/**
 * Publishes `name@N+1`. Omitted engine, schema, options, expected_pages and example are inherited from
 * the latest version; `message` never is. Two concurrent publishes both succeed with distinct numbers:
 * the unique (template, version) index refuses the loser's batch, which then retries on the new latest.
 * With `guard` (the checksum or number the caller last saw as the latest) a publish lands only on that latest: the
 * check is made on the version the batch builds on, and the unique index refuses the batch when another
 * version took N+1 meanwhile, so the retry sees the moved latest and answers `version_moved`: no race.
 * The warnings say what will fail at render time although the definition was accepted.
 */
export async function publishVersion(
  db: Database,
  accountId: string,
  name: string,
  input: TemplateInput,
  now: string,
  checkEInvoice: EInvoiceChecker,
  guard?: PublishGuard,
): Promise<{ template: TemplateRow; version: TemplateVersionRow; warnings: TemplateWarning[] }> {
  for (let attempt = 1; ; attempt++) {
    const { template, version: previous } = await resolveTemplate(db, accountId, { name, version: null });
    if (guard && !guardHolds(guard, previous))
      throw new ServiceError(
        "conflict",
        `Template \`${name}\` has moved: its latest version is ${name}@${previous.version} (checksum ` +
          `${previous.checksum}), not ${guardNamed(guard)}. Fetch it, merge, and publish again with ` +
          `If-Match "v${previous.version}".`,
        {
          details: {
            code: "version_moved",
            template: name,
            latest_version: previous.version,
            latest_checksum: previous.checksum,
          },
        },
      );
    const definition: TemplateDefinition = {
      engine: input.engine ?? previous.engine,
      source: input.source,
      schema: input.schema ?? previous.schema,
      options: input.options ?? previous.options,
    };
    checkDefinition(definition);
    const number = template.latestVersion + 1;
    const version: TemplateVersionRow = {
      id: newId("tv"),
      templateId: template.id,
      version: number,
      ...definition,
      expectedPages: input.expected_pages ?? previous.expectedPages,
      example: input.example === undefined ? previous.example : exampleColumn(input.example),
      message: input.message ?? null,
      checksum: await templateChecksum(definition),
      createdAt: now,
    };
    const description = input.description ?? template.description;
    const warnings = await templateWarnings(version, checkEInvoice);
    try {
      await db.batch([
        db.insert(templateVersions).values(version),
        db
          .update(templates)
          .set({ latestVersion: number, description, updatedAt: now })
          .where(and(eq(templates.id, template.id), eq(templates.latestVersion, template.latestVersion))),
      ]);
      return { template: { ...template, latestVersion: number, description, updatedAt: now }, version, ...warnings };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === PUBLISH_ATTEMPTS) {
        throw isUniqueViolation(error)
          ? new ServiceError("conflict", `Template \`${name}\` is being published concurrently; retry.`, {
              details: { code: "version_race", template: name },
            })
          : error;
      }
    }
  }
}
