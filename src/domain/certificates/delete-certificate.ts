import { and, eq, isNull } from "drizzle-orm";
import { certificates } from "../../db/certificates-schema";
import type { Database } from "../../db/client";
import { ServiceError } from "../../errors";

/**
 * DELETE /v1/certificates/{id}: the certificate stops signing at once and its sealed key is erased; the row stays
 * for the renders that name it.
 */
export async function deleteCertificate(db: Database, accountId: string, id: string, now: string): Promise<void> {
  const deleted = await db
    .update(certificates)
    .set({ deletedAt: now, sealedKey: null })
    .where(and(eq(certificates.id, id), eq(certificates.accountId, accountId), isNull(certificates.deletedAt)))
    .returning({ id: certificates.id });
  if (deleted.length === 0) throw new ServiceError("not_found", `No certificate \`${id}\` on this account.`);
}
