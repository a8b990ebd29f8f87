// Which key a certificate holds, read from its public key info alone (docs/signing.md#refusals): RSA of 2048 to 4096
// bits, or ECDSA on P-256 or P-384; anything else is refused at the field that carried the certificate.
import { ECParameters } from "@peculiar/asn1-ecc";
import { RSAPublicKey } from "@peculiar/asn1-rsa";
import { AsnConvert } from "@peculiar/asn1-schema";
import { SubjectPublicKeyInfo } from "@peculiar/asn1-x509";
import type { SigningKeyType } from "../ports/signing-keys";
import { type UploadField, uploadRefusal } from "./upload-refusal";

const RSA = "1.2.840.113549.1.1.1";
const EC = "1.2.840.10045.2.1";
const CURVES: Record<string, SigningKeyType> = { "1.2.840.10045.3.1.7": "EC-P256", "1.3.132.0.34": "EC-P384" };
const RSA_SIZES: Record<number, SigningKeyType> = { 2048: "RSA-2048", 3072: "RSA-3072", 4096: "RSA-4096" };

/** How WebCrypto imports and signs with each key type (the signature's digest follows the curve). */
export const SIGNING_ALGORITHMS: Record<SigningKeyType, SubtleCryptoImportKeyAlgorithm> = {
  "RSA-2048": { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
  "RSA-3072": { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
  "RSA-4096": { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
  "EC-P256": { name: "ECDSA", namedCurve: "P-256" },
  "EC-P384": { name: "ECDSA", namedCurve: "P-384" },
};

export function keyTypeOf(spki: ArrayBuffer, field: UploadField): SigningKeyType {
  const info = AsnConvert.parse(spki, SubjectPublicKeyInfo);
  if (info.algorithm.algorithm === RSA) {
    const modulus = new Uint8Array(AsnConvert.parse(info.subjectPublicKey, RSAPublicKey).modulus);
    const bits = (modulus[0] === 0 ? modulus.length - 1 : modulus.length) * 8;
    const type = RSA_SIZES[bits];
    if (type) return type;
    throw uploadRefusal(field, `The certificate's RSA key has ${bits} bits.`, "an RSA key of 2048, 3072 or 4096 bits", {
      key_bits: bits,
    });
  }
  if (info.algorithm.algorithm === EC && info.algorithm.parameters) {
    const curve = AsnConvert.parse(info.algorithm.parameters, ECParameters).namedCurve;
    const type = curve ? CURVES[curve] : undefined;
    if (type) return type;
    throw uploadRefusal(field, "The certificate's key is on a curve Folio does not sign with.", "P-256 or P-384");
  }
  throw uploadRefusal(field, "The certificate's key is neither RSA nor ECDSA.", "an RSA or ECDSA (P-256, P-384) key");
}
