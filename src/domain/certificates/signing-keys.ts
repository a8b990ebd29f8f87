// The certificates signing asks for (src/domain/ports/signing-keys.ts), read from D1: found without opening any
// key, opened for one request only, non-extractable, and sealed again under the current secret when the previous
// one opened it (docs/signing.md#keys).
import { and, eq } from "drizzle-orm";
import { type CertificateRow, certificates } from "../../db/certificates-schema";
import type { Database } from "../../db/client";
import { ServiceError } from "../../errors";
import type { SigningCertificate, SigningKey, SigningKeysPort } from "../ports/signing-keys";
import { findCertificate } from "./find-certificate";
import { openPrivateKey, type SealSecrets, sealContext, sealPrivateKey } from "./key-seal";
import { SIGNING_ALGORITHMS } from "./key-type";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function described(row: CertificateRow): SigningCertificate {
  return {
    id: row.id,
    subject: row.subject,
    fingerprintSha256: row.fingerprintSha256,
    notBefore: new Date(row.notBefore),
    notAfter: new Date(row.notAfter),
    key: row.key,
  };
}

export function signingKeys(db: Database, secrets: SealSecrets): SigningKeysPort {
  return {
    async find(accountId, id) {
      const row = await findCertificate(db, accountId, id);
      return row ? described(row) : null;
    },
    async open(accountId, id): Promise<SigningKey> {
      const row = await findCertificate(db, accountId, id);
      if (!row?.sealedKey) throw new ServiceError("not_found", `No certificate \`${id}\` on this account.`);
      const context = sealContext(accountId, row.id, row.fingerprintSha256);
      const { pkcs8, openedByPrevious } = await openPrivateKey(secrets, row.sealedKey, context);
      if (openedByPrevious) {
        const resealed = await sealPrivateKey(secrets, pkcs8, context);
        await db
          .update(certificates)
          .set({ sealedKey: resealed })
          .where(and(eq(certificates.id, row.id), eq(certificates.sealedKey, row.sealedKey)));
      }
      const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8, SIGNING_ALGORITHMS[row.key], false, ["sign"]);
      pkcs8.fill(0);
      return { ...described(row), privateKey, chain: row.chain.map(fromBase64) };
    },
  };
}
