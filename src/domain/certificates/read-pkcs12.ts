// A PKCS#12 file unpacked (docs/signing.md#pkcs12): its integrity checked with the password (a wrong password is
// told apart from a damaged file), then its certificates and its one private key taken out. Every iteration count
// is checked before the derivation it drives, and the number of derivations is bounded, so no file makes the Worker
// derive keys for long.
import type * as asn1js from "asn1js";
import {
  AuthenticatedSafe,
  type CertBag,
  type ContentInfo,
  EncryptedData,
  PFX,
  type PKCS8ShroudedKeyBag,
  type PrivateKeyInfo,
  SafeContents,
} from "pkijs";
import { ServiceError } from "../../errors";
import { decryptWithPassword, pkcs12Derive, unreadablePkcs12, wrongPassword } from "./pkcs12-ciphers";
import { uploadRefusal } from "./upload-refusal";

/** The largest PKCS#12 file read, decoded (docs/signing.md#refusals). */
export const MAX_PKCS12_BYTES = 65_536;
/** Password-derived keys one file may need: its MAC, its encrypted certificates and its key, with room to spare. */
export const MAX_PKCS12_DERIVATIONS = 4;

const DATA = "1.2.840.113549.1.7.1";
const ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const MAC_HASH: Record<string, { name: "SHA-1" | "SHA-256"; bytes: number }> = {
  "1.3.14.3.2.26": { name: "SHA-1", bytes: 20 },
  "2.16.840.1.101.3.4.2.1": { name: "SHA-256", bytes: 32 },
};

export interface UnpackedKeyAndCertificates {
  /** PKCS#8 DER. */
  privateKey: Uint8Array;
  /** DER certificates in the file's order. */
  certificates: Uint8Array[];
}

/** The decoded file, refused when larger than MAX_PKCS12_BYTES before it is decoded. */
export function decodePkcs12(base64: string): Uint8Array {
  const tooLarge = () =>
    uploadRefusal("pkcs12", `The PKCS#12 file is over ${MAX_PKCS12_BYTES} bytes.`, "a PKCS#12 file of 64 KB or less", {
      max_bytes: MAX_PKCS12_BYTES,
    });
  const compact = base64.replace(/[\s]/g, "");
  if (compact.length > Math.ceil(MAX_PKCS12_BYTES / 3) * 4) throw tooLarge();
  let file: Uint8Array;
  try {
    file = Uint8Array.from(atob(compact), (c) => c.charCodeAt(0));
  } catch {
    throw unreadablePkcs12();
  }
  if (file.length > MAX_PKCS12_BYTES) throw tooLarge();
  return file;
}

const octets = (value: asn1js.OctetString) => new Uint8Array(value.getValue());

function parse<T>(read: () => T): T {
  try {
    return read();
  } catch {
    throw unreadablePkcs12();
  }
}

/** Counts each derivation against the file's allowance before it runs. */
function derivationBudget() {
  let used = 0;
  return () => {
    used += 1;
    if (used <= MAX_PKCS12_DERIVATIONS) return;
    throw uploadRefusal(
      "pkcs12",
      `The PKCS#12 file needs more than ${MAX_PKCS12_DERIVATIONS} password-derived keys.`,
      "a file with one key and its certificates",
      { max_derivations: MAX_PKCS12_DERIVATIONS },
    );
  };
}

async function checkMac(pfx: PFX, content: Uint8Array, password: string, spend: () => void): Promise<void> {
  const macData = pfx.macData;
  if (!macData) return;
  const hash = MAC_HASH[macData.mac.digestAlgorithm.algorithmId];
  if (!hash) throw unreadablePkcs12();
  spend();
  const salt = octets(macData.macSalt);
  const macKey = pkcs12Derive(password, salt, 3, macData.iterations ?? 1, hash.bytes, hash.name);
  const key = await crypto.subtle.importKey("raw", macKey, { name: "HMAC", hash: hash.name }, false, ["verify"]);
  if (!(await crypto.subtle.verify("HMAC", key, octets(macData.mac.digest), content))) throw wrongPassword();
}

async function safeContentsOf(info: ContentInfo, password: string, spend: () => void): Promise<SafeContents> {
  if (info.contentType === DATA) return parse(() => SafeContents.fromBER(octets(info.content)));
  if (info.contentType !== ENCRYPTED_DATA) throw unreadablePkcs12();
  const encrypted = parse(() => new EncryptedData({ schema: info.content }));
  const { contentEncryptionAlgorithm } = encrypted.encryptedContentInfo;
  const ciphertext = parse(() => new Uint8Array(encrypted.encryptedContentInfo.getEncryptedContent()));
  spend();
  const plain = await decryptWithPassword(contentEncryptionAlgorithm, ciphertext, password);
  return parse(() => SafeContents.fromBER(plain));
}

/** The key and certificates of a PKCS#12 file; refusals at `pkcs12` or, for a wrong password, at `password`. */
export async function readPkcs12(file: Uint8Array, password: string): Promise<UnpackedKeyAndCertificates> {
  try {
    return await unpack(file, password);
  } catch (error) {
    // A structure the file only seemed to have (a field of another type than its schema says) is a damaged file.
    throw error instanceof ServiceError ? error : unreadablePkcs12();
  }
}

async function unpack(file: Uint8Array, password: string): Promise<UnpackedKeyAndCertificates> {
  const pfx = parse(() => PFX.fromBER(file));
  if (pfx.authSafe.contentType !== DATA) throw unreadablePkcs12();
  const content = parse(() => octets(pfx.authSafe.content));
  const spend = derivationBudget();
  await checkMac(pfx, content, password, spend);
  const safe = parse(() => AuthenticatedSafe.fromBER(content));
  const keys: Uint8Array[] = [];
  const certificates: Uint8Array[] = [];
  for (const info of safe.safeContents) {
    for (const bag of (await safeContentsOf(info, password, spend)).safeBags) {
      if (bag.bagId === CERT_BAG) certificates.push(octets((bag.bagValue as CertBag).certValue as asn1js.OctetString));
      if (bag.bagId === KEY_BAG) keys.push(new Uint8Array((bag.bagValue as PrivateKeyInfo).toSchema().toBER()));
      if (bag.bagId !== SHROUDED_KEY_BAG) continue;
      const shrouded = bag.bagValue as PKCS8ShroudedKeyBag;
      spend();
      keys.push(await decryptWithPassword(shrouded.encryptionAlgorithm, octets(shrouded.encryptedData), password));
    }
  }
  if (keys.length !== 1 || certificates.length === 0)
    throw uploadRefusal(
      "pkcs12",
      `The PKCS#12 file holds ${keys.length} private keys and ${certificates.length} certificates; one key and its certificate are needed.`,
      "one private key with its certificate and, optionally, its chain",
    );
  return { privateKey: keys[0] as Uint8Array, certificates };
}
