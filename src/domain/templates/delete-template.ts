import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type TemplateRow, templates } from "../../db/schema";
import { resolveTemplate } from "./find-template";
import type { TemplateReference } from "./reference";

/**
 * Soft-deletes the whole template the reference names. Its versions and checksums stay (past renders
 * still point at them); the name is released, so a new template may take it and start at version 1.
 */
export async function deleteTemplate(
  db: Database,
  accountId: string,
  ref: TemplateReference,
  now: string,
): Promise<TemplateRow> {
  const { template } = await resolveTemplate(db, accountId, ref);
  await db.update(templates).set({ deletedAt: now, updatedAt: now }).where(eq(templates.id, template.id));
  return template;
}
