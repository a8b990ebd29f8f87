// An upload turned into a private key and certificates, whichever form it came in (docs/signing.md#certificates).
// The file and its password live only in this request: nothing here stores, logs or answers them.
import type { CertificateCreateInput } from "../../contract/certificates";
import type { UploadFields } from "./check-certificate";
import { pemBlocks } from "./read-pem";
import { decodePkcs12, readPkcs12 } from "./read-pkcs12";
import { uploadRefusal } from "./upload-refusal";

export interface UnpackedUpload {
  privateKey: Uint8Array;
  /** The signer's certificate among them (first for PEM; found by its key for PKCS#12), then its chain. */
  certificates: Uint8Array[];
  fields: UploadFields;
}

const PKCS12_FIELDS: UploadFields = { certificate: "pkcs12", key: "pkcs12", chain: "pkcs12" };
const PEM_FIELDS: UploadFields = { certificate: "certificate_pem", key: "private_key_pem", chain: "chain_pem" };

type KeyUpload = Exclude<CertificateCreateInput, { generate: unknown }>;

export async function unpackUpload(input: KeyUpload): Promise<UnpackedUpload> {
  if ("pkcs12" in input) {
    const unpacked = await readPkcs12(decodePkcs12(input.pkcs12), input.password);
    return { ...unpacked, fields: PKCS12_FIELDS };
  }
  const [certificate, ...extra] = pemBlocks(input.certificate_pem, "CERTIFICATE", "certificate_pem");
  if (extra.length > 0 || !certificate)
    throw uploadRefusal(
      "certificate_pem",
      "certificate_pem holds more than one certificate.",
      "the signer's certificate; its chain goes in chain_pem",
    );
  const [privateKey, ...moreKeys] = pemBlocks(input.private_key_pem, "PRIVATE KEY", "private_key_pem");
  if (moreKeys.length > 0 || !privateKey)
    throw uploadRefusal("private_key_pem", "private_key_pem holds more than one key.", "one unencrypted PKCS#8 key");
  const chain = input.chain_pem ? pemBlocks(input.chain_pem, "CERTIFICATE", "chain_pem") : [];
  return { privateKey, certificates: [certificate, ...chain], fields: PEM_FIELDS };
}
