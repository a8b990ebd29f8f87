import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { templates, templateVersions } from "../../db/schema";
import { findLiveTemplate } from "./find-template";

/** Live templates with their latest version, most recently updated first. */
export async function listTemplates(db: Database, accountId: string) {
  return db
    .select({ template: templates, version: templateVersions })
    .from(templates)
    .innerJoin(
      templateVersions,
      and(eq(templateVersions.templateId, templates.id), eq(templateVersions.version, templates.latestVersion)),
    )
    .where(and(eq(templates.accountId, accountId), isNull(templates.deletedAt)))
    .orderBy(desc(templates.updatedAt), desc(templates.id));
}

/** Every version of a live template, newest first. */
export async function listVersions(db: Database, accountId: string, name: string) {
  const template = await findLiveTemplate(db, accountId, name);
  const versions = await db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.templateId, template.id))
    .orderBy(desc(templateVersions.version));
  return { template, versions };
}
