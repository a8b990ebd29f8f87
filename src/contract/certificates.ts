import { z } from "../lib/openapi-zod";
import { IsoTimestamp } from "./schema-parts";

/** The key types Folio signs with, as a certificate's `key` names them (docs/signing.md#certificates). */
export const CERTIFICATE_KEY_TYPES = ["RSA-2048", "RSA-3072", "RSA-4096", "EC-P256", "EC-P384"] as const;

/** The largest PEM field read: room for a 4096-bit chain of ten. */
const PEM_MAX_CHARACTERS = 65_536;

const name = z.string().min(1).max(200).optional().openapi({
  description: "Your label for the certificate, up to 200 characters.",
  example: "Invoices 2027",
});

const Pkcs12Upload = z.strictObject({
  name,
  pkcs12: z
    .string()
    .min(1)
    .openapi({
      description:
        "The PKCS#12 file (.p12, .pfx) in base64, at most 64 KB decoded, with one private key, its certificate and " +
        "optionally its chain. AES (PBES2) and the legacy 3DES and RC2 encryptions are read; at most 1,000,000 " +
        "key-derivation iterations.",
    }),
  password: z.string().max(1024).openapi({ description: "The file's password. Used to unpack it, then dropped." }),
});

const PemUpload = z.strictObject({
  name,
  certificate_pem: z.string().min(1).max(PEM_MAX_CHARACTERS).openapi({ description: "The signer's certificate, PEM." }),
  private_key_pem: z
    .string()
    .min(1)
    .max(PEM_MAX_CHARACTERS)
    .openapi({ description: "Its private key, unencrypted PKCS#8 PEM." }),
  chain_pem: z.string().min(1).max(PEM_MAX_CHARACTERS).optional().openapi({
    description: "The issuing certificates, PEM, at most 10; each must verify the one below it.",
  }),
});

const GenerateUpload = z.strictObject({
  name,
  generate: z.strictObject({
    common_name: z.string().min(1).max(64).openapi({ example: "Folio development signer" }),
  }),
});

export const CertificateCreateBody = z
  .union([Pkcs12Upload, PemUpload, GenerateUpload], {
    // The alternatives share no field, so zod's own words ("a string or an object") would name none of them.
    error: "one upload form: {pkcs12, password}, {certificate_pem, private_key_pem, chain_pem?}, or {generate}",
  })
  .openapi("CertificateCreateRequest", {
    description:
      "A PKCS#12 file with its password, or the certificate and key in PEM. In development (`npm run dev`) only, " +
      "`{generate: {common_name}}` issues one from the local development CA.",
  });
export type CertificateCreateInput = z.infer<typeof CertificateCreateBody>;

export const CertificateSchema = z
  .object({
    object: z.literal("certificate"),
    id: z.string().openapi({ example: "crt_0a1b2c3d4e5f6g7h8i9j0k1l" }),
    name: z.string().nullable(),
    subject: z.string().openapi({ example: "CN=Example GmbH, O=Example GmbH, C=DE" }),
    issuer: z.string(),
    serial: z.string().openapi({ description: "Upper-case hex.", example: "4F1A09" }),
    not_before: IsoTimestamp,
    not_after: IsoTimestamp,
    fingerprint_sha256: z.string().openapi({ description: "SHA-256 of the certificate (DER), lower-case hex." }),
    key: z.enum(CERTIFICATE_KEY_TYPES),
    created_at: IsoTimestamp,
  })
  .openapi("Certificate");

export const CertificateListSchema = z
  .object({ object: z.literal("list"), data: z.array(CertificateSchema), has_more: z.boolean() })
  .openapi("CertificateList");

export const DeletedCertificateSchema = z
  .object({ object: z.literal("certificate"), id: z.string(), deleted: z.literal(true) })
  .openapi("DeletedCertificate");
