import { and, eq, isNull } from "drizzle-orm";
import { type CertificateRow, certificates } from "../../db/certificates-schema";
import type { Database } from "../../db/client";
import { ServiceError } from "../../errors";

/** The account's live certificate `id`, or null: another account's and deleted ones are not found. */
export async function findCertificate(db: Database, accountId: string, id: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.accountId, accountId), isNull(certificates.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** GET /v1/certificates/{id}: the certificate, or 404. */
export async function getCertificate(db: Database, accountId: string, id: string): Promise<CertificateRow> {
  const row = await findCertificate(db, accountId, id);
  if (!row) throw new ServiceError("not_found", `No certificate \`${id}\` on this account.`);
  return row;
}
