// What makes an uploaded certificate one Folio signs with (docs/signing.md#refusals): its key is the one uploaded,
// it is valid now, it may sign documents, its key is one Folio signs with, and its chain links up to it.
import * as x509 from "../../lib/x509";
import type { SigningKeyType } from "../ports/signing-keys";
import { keyTypeOf, SIGNING_ALGORITHMS } from "./key-type";
import { type UploadField, uploadRefusal } from "./upload-refusal";

/** Certificates a chain may hold besides the signer's (docs/signing.md#refusals). */
export const MAX_CHAIN_CERTIFICATES = 10;
const SERVER_AUTH = "1.3.6.1.5.5.7.3.1";
const SIGNING_USAGES = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;

export interface CheckedCertificate {
  certificate: x509.X509Certificate;
  /** The chain ordered from the signer's issuer up. */
  chain: x509.X509Certificate[];
  key: SigningKeyType;
}

/** Where each part of the upload came from, so a refusal names the field the caller sent. */
export interface UploadFields {
  certificate: UploadField;
  key: UploadField;
  chain: UploadField;
}

function readCertificate(der: Uint8Array, field: UploadField): x509.X509Certificate {
  try {
    return new x509.X509Certificate(der);
  } catch {
    throw uploadRefusal(field, "A certificate is not readable.", "an X.509 certificate");
  }
}

async function publicPart(key: CryptoKey): Promise<JsonWebKey> {
  const { kty, n, e, crv, x, y } = (await crypto.subtle.exportKey("jwk", key)) as JsonWebKey;
  return { kty, n, e, crv, x, y };
}

/** The public half of a private key as a JWK, to compare with a certificate's. */
async function publicJwkOf(pkcs8: Uint8Array, key: SigningKeyType, field: UploadField): Promise<JsonWebKey> {
  try {
    return publicPart(await crypto.subtle.importKey("pkcs8", pkcs8, SIGNING_ALGORITHMS[key], true, ["sign"]));
  } catch {
    throw uploadRefusal(field, "The private key is not a key of the certificate's kind.", "the certificate's key");
  }
}

async function certificateJwk(certificate: x509.X509Certificate, key: SigningKeyType): Promise<JsonWebKey> {
  const spki = certificate.publicKey.rawData;
  return publicPart(await crypto.subtle.importKey("spki", spki, SIGNING_ALGORITHMS[key], true, ["verify"]));
}

const sameKey = (a: JsonWebKey, b: JsonWebKey) => JSON.stringify(a) === JSON.stringify(b);

function checkUse(certificate: x509.X509Certificate, now: Date, field: UploadField): void {
  if (now < certificate.notBefore || now > certificate.notAfter)
    throw uploadRefusal(field, "The certificate is outside its validity.", "a certificate valid now", {
      not_before: certificate.notBefore.toISOString(),
      not_after: certificate.notAfter.toISOString(),
    });
  const usage = certificate.getExtension(x509.KeyUsagesExtension);
  if (usage && (usage.usages & SIGNING_USAGES) === 0)
    throw uploadRefusal(
      field,
      "The certificate's key usage allows neither digitalSignature nor nonRepudiation.",
      "a certificate whose key may sign",
    );
  const extended = certificate.getExtension(x509.ExtendedKeyUsageExtension);
  if (extended && extended.usages.length > 0 && extended.usages.every((u) => u === SERVER_AUTH))
    throw uploadRefusal(
      field,
      "The certificate is for TLS servers only (extended key usage serverAuth).",
      "a certificate for signing documents",
    );
}

/** The chain from the signer's issuer up, each link verified; every certificate given must be a link. */
async function orderChain(
  signer: x509.X509Certificate,
  given: x509.X509Certificate[],
  field: UploadField,
): Promise<x509.X509Certificate[]> {
  if (given.length > MAX_CHAIN_CERTIFICATES)
    throw uploadRefusal(field, `The chain holds ${given.length} certificates.`, `at most ${MAX_CHAIN_CERTIFICATES}`, {
      max_certificates: MAX_CHAIN_CERTIFICATES,
    });
  const rest = [...given];
  const chain: x509.X509Certificate[] = [];
  let current = signer;
  while (rest.length > 0 && current.issuer !== current.subject) {
    const index = rest.findIndex((c) => c.subject === current.issuer);
    const issuer = rest[index];
    if (!issuer || !(await current.verify({ publicKey: issuer.publicKey, signatureOnly: true }))) break;
    chain.push(issuer);
    rest.splice(index, 1);
    current = issuer;
  }
  if (rest.length > 0)
    throw uploadRefusal(field, "The chain's links do not verify from the certificate up.", "each certificate's issuer");
  return chain;
}

/** The certificate among `certificates` whose key is `privateKey`, checked, with its chain from the others. */
export async function checkCertificate(
  privateKey: Uint8Array,
  certificates: Uint8Array[],
  fields: UploadFields,
  now: Date,
): Promise<CheckedCertificate> {
  const read = certificates.map((der, i) => readCertificate(der, i === 0 ? fields.certificate : fields.chain));
  // The first certificate's key type decides how the private key is read; a file's signer need not come first.
  let signer: x509.X509Certificate | undefined;
  let key: SigningKeyType | undefined;
  for (const candidate of read) {
    const type = keyTypeOf(candidate.publicKey.rawData, fields.certificate);
    if (sameKey(await publicJwkOf(privateKey, type, fields.key), await certificateJwk(candidate, type))) {
      signer = candidate;
      key = type;
      break;
    }
    if (fields.certificate !== fields.key) break;
  }
  if (!signer || !key)
    throw uploadRefusal(fields.key, "The private key does not match the certificate.", "the certificate's own key");
  checkUse(signer, now, fields.certificate);
  const chain = await orderChain(
    signer,
    read.filter((c) => c !== signer),
    fields.chain,
  );
  return { certificate: signer, chain, key };
}
