import type { CertificateRow } from "../../db/certificates-schema";

/** A certificate as the API answers it: never its key, sealed or not, nor its chain. */
export function serializeCertificate(row: CertificateRow) {
  return {
    object: "certificate" as const,
    id: row.id,
    name: row.name,
    subject: row.subject,
    issuer: row.issuer,
    serial: row.serial,
    not_before: row.notBefore,
    not_after: row.notAfter,
    fingerprint_sha256: row.fingerprintSha256,
    key: row.key,
    created_at: row.createdAt,
  };
}
