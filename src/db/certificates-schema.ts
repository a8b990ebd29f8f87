import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CERTIFICATE_KEY_TYPES } from "../contract/certificates";
import { accounts } from "./schema";

/**
 * An account's signing certificate (docs/signing.md#certificates). The private key is kept only sealed (AES-GCM under
 * a key derived from PAYLOAD_SECRET, bound to `account_id|id|fingerprint`); the uploaded file and its password never
 * reach this table. A deleted certificate keeps its row with its seal erased.
 */
export const certificates = sqliteTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name"),
    subject: text("subject").notNull(),
    issuer: text("issuer").notNull(),
    serial: text("serial").notNull(),
    notBefore: text("not_before").notNull(),
    notAfter: text("not_after").notNull(),
    fingerprintSha256: text("fingerprint_sha256").notNull(),
    key: text("key", { enum: CERTIFICATE_KEY_TYPES }).notNull(),
    // Base64 DER certificates: the signer's first, then its chain as uploaded.
    chain: text("chain", { mode: "json" }).$type<string[]>().notNull(),
    // The sealed PKCS#8 key; null once deleted.
    sealedKey: text("sealed_key"),
    createdAt: text("created_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [index("certificates_account").on(t.accountId, t.createdAt, t.id)],
);

export type CertificateRow = typeof certificates.$inferSelect;
