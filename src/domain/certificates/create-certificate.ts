import { and, count, eq, isNull } from "drizzle-orm";
import type { CertificateCreateInput } from "../../contract/certificates";
import { type CertificateRow, certificates } from "../../db/certificates-schema";
import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { Services } from "../../services";
import { admitCertificateUpload } from "../accounts/admission";
import { checkCertificate } from "./check-certificate";
import { sealContext, sealPrivateKey } from "./key-seal";
import { type UnpackedUpload, unpackUpload } from "./unpack-upload";

/** Live certificates an account may hold (docs/signing.md#certificates). */
export const MAX_CERTIFICATES_PER_ACCOUNT = 20;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The secrets a certificate key is sealed under (docs/signing.md#keys). */
export const sealSecretsOf = (services: Pick<Services, "config">) => ({
  current: services.config.payloadSecret,
  previous: services.config.payloadSecretPrevious,
});

/** What the development form needs besides the upload: the local CA (docs/signing.md#development). */
export type GenerateCertificate = (commonName: string, now: Date) => Promise<UnpackedUpload>;

async function unpack(input: CertificateCreateInput, generate: GenerateCertificate | null, now: Date) {
  if (!("generate" in input)) return unpackUpload(input);
  if (!generate)
    throw new ServiceError("invalid_request", "`generate` issues development certificates under `npm run dev` only.", {
      errors: [
        {
          path: "generate",
          message: "Only a development server issues certificates.",
          expected: "pkcs12 or certificate_pem",
        },
      ],
    });
  return generate(input.generate.common_name, now);
}

/** Stores the row, then counts: a race past the ceiling removes its own row, so no account ends above it. */
async function insertWithinLimit(services: Pick<Services, "db">, row: CertificateRow): Promise<void> {
  await services.db.insert(certificates).values(row);
  const [live] = await services.db
    .select({ n: count() })
    .from(certificates)
    .where(and(eq(certificates.accountId, row.accountId), isNull(certificates.deletedAt)));
  if ((live?.n ?? 0) <= MAX_CERTIFICATES_PER_ACCOUNT) return;
  await services.db.delete(certificates).where(eq(certificates.id, row.id));
  throw new ServiceError(
    "conflict",
    `This account holds ${MAX_CERTIFICATES_PER_ACCOUNT} certificates, the most it may; delete one to upload another.`,
    { details: { code: "certificate_limit", max_certificates: MAX_CERTIFICATES_PER_ACCOUNT } },
  );
}

/**
 * POST /v1/certificates (docs/signing.md#certificates): a paid account's upload unpacked, checked, and stored with
 * its key sealed. The file and its password are dropped here; only the certificate's facts and the seal are kept.
 */
export async function createCertificate(
  services: Pick<Services, "db" | "clock" | "config" | "limiter">,
  caller: { account: AccountRow; apiKeyId: string },
  input: CertificateCreateInput,
  generate: GenerateCertificate | null,
): Promise<CertificateRow> {
  await admitCertificateUpload(caller.account, services.limiter(caller.apiKeyId, "certificate-uploads"));
  const now = services.clock.now();
  const upload = await unpack(input, generate, now);
  const { certificate, chain, key } = await checkCertificate(
    upload.privateKey,
    upload.certificates,
    upload.fields,
    now,
  );
  const id = newId("crt");
  const fingerprint = await sha256Hex(new Uint8Array(certificate.rawData));
  const sealed = await sealPrivateKey(
    sealSecretsOf(services),
    upload.privateKey,
    sealContext(caller.account.id, id, fingerprint),
  );
  const row: CertificateRow = {
    id,
    accountId: caller.account.id,
    name: input.name ?? null,
    subject: certificate.subject,
    issuer: certificate.issuer,
    serial: certificate.serialNumber.toUpperCase(),
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    fingerprintSha256: fingerprint,
    key,
    chain: [certificate, ...chain].map((c) => toBase64(new Uint8Array(c.rawData))),
    sealedKey: sealed,
    createdAt: now.toISOString(),
    deletedAt: null,
  };
  await insertWithinLimit(services, row);
  return row;
}
