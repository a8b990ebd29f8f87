import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type TemplateRow, type TemplateVersionRow, templates, templateVersions } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { TemplateReference } from "./reference";

/** The live template of that name on the account; a deleted one is as good as absent. */
export async function findLiveTemplate(db: Database, accountId: string, name: string): Promise<TemplateRow> {
  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.accountId, accountId), eq(templates.name, name), isNull(templates.deletedAt)))
    .limit(1);
  if (!template)
    throw new ServiceError("not_found", `No template named \`${name}\` on this account.`, {
      details: { template: name },
    });
  return template;
}

/**
 * Resolves a parsed reference to the template and the version it names (the latest when none is pinned),
 * in one query: this sits on every render's path.
 */
export async function resolveTemplate(
  db: Database,
  accountId: string,
  ref: TemplateReference,
): Promise<{ template: TemplateRow; version: TemplateVersionRow }> {
  const [row] = await db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .leftJoin(
      templateVersions,
      and(
        eq(templateVersions.templateId, templates.id),
        eq(templateVersions.version, ref.version ?? templates.latestVersion),
      ),
    )
    .where(and(eq(templates.accountId, accountId), eq(templates.name, ref.name), isNull(templates.deletedAt)))
    .limit(1);
  if (!row)
    throw new ServiceError("not_found", `No template named \`${ref.name}\` on this account.`, {
      details: { template: ref.name },
    });
  if (!row.version) {
    const latest = row.template.latestVersion;
    throw new ServiceError(
      "not_found",
      `Template \`${ref.name}\` has no version ${ref.version}; its latest is ${latest}.`,
      {
        details: { template: ref.name, version: ref.version, latest_version: latest },
      },
    );
  }
  return { template: row.template, version: row.version };
}
