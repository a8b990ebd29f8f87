import { and, desc, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import { type CertificateRow, certificates } from "../../db/certificates-schema";
import type { Database } from "../../db/client";
import { ServiceError } from "../../errors";
import { findCertificate } from "./find-certificate";

/** Live certificates, newest first, paged by the id of the last one seen (docs/requests.md's list envelope). */
export async function listCertificates(
  db: Database,
  accountId: string,
  query: { limit: number; startingAfter?: string | undefined },
): Promise<{ data: CertificateRow[]; hasMore: boolean }> {
  const filters: Array<SQL | undefined> = [eq(certificates.accountId, accountId), isNull(certificates.deletedAt)];
  if (query.startingAfter) {
    const cursor = await findCertificate(db, accountId, query.startingAfter);
    if (!cursor)
      throw new ServiceError("invalid_request", "`starting_after` names no certificate of this account.", {
        errors: [
          {
            path: "starting_after",
            message: "No such certificate on this account.",
            expected: "the id of a certificate from a previous page",
          },
        ],
      });
    filters.push(
      or(
        lt(certificates.createdAt, cursor.createdAt),
        and(eq(certificates.createdAt, cursor.createdAt), lt(certificates.id, cursor.id)),
      ),
    );
  }
  const rows = await db
    .select()
    .from(certificates)
    .where(and(...filters))
    .orderBy(desc(certificates.createdAt), desc(certificates.id))
    .limit(query.limit + 1);
  return { data: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}
