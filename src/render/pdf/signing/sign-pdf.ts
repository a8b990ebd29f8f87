// A finished PDF signed as PAdES baseline B-B or B-T (docs/signing.md): one incremental update holding the
// signature's field, widget and dictionary, whose /ByteRange covers the whole file but the /Contents that holds the
// CMS. The original bytes stay a prefix of the signed file.

import { ParseSpeeds, PDFDict, PDFDocument, PDFHexString, type PDFRef, PDFString } from "@cantoo/pdf-lib";
import type * as pkijs from "pkijs";
import { concatBytes, latin1Bytes } from "../../../lib/bytes";
import { digestFor, encodedCms, signatureValue, signedCms, signerName, withTimeStampToken } from "./cms-signature";
import { appendUpdate, type UpdateObject } from "./incremental-update";
import { boxRect, signatureAppearance, type VisibleBox, visiblePageIndex } from "./signature-appearance";
import { addSignatureField } from "./signature-field";
import { addSignatureStructure } from "./signature-structure";
import type { SigningKey } from "./signing-key";

export interface SignatureRequest {
  key: SigningKey;
  signedAt: Date;
  reason?: string | undefined;
  location?: string | undefined;
  contactInfo?: string | undefined;
  visible?: VisibleBox | undefined;
  /** B-T: the authority's token over the signature value (its digest named), checked by the caller. */
  timestamp?: ((signature: Uint8Array, digest: "SHA-256" | "SHA-384") => Promise<pkijs.ContentInfo>) | undefined;
}

/** Room kept in /Contents past the certificates: the CMS's own structure and signature, and a B-T token. */
const CMS_ROOM = 4096;
const TOKEN_ROOM = 32768;
/** `[0 a b c]` padded with spaces to one width, so the dictionary's length never depends on the numbers. */
const BYTE_RANGE_WIDTH = 40;
const BYTE_RANGE_KEY = "/ByteRange ";

/** The signature dictionary with room for its /ByteRange and a /Contents of `contentsBytes` zero bytes. */
function signatureDictionary(request: SignatureRequest, contentsBytes: number): Uint8Array {
  const text = (value: string) => PDFHexString.fromText(value).toString();
  const entries = [
    "/Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached",
    `/M ${PDFString.fromDate(request.signedAt).toString()}`,
    ...(request.reason !== undefined ? [`/Reason ${text(request.reason)}`] : []),
    ...(request.location !== undefined ? [`/Location ${text(request.location)}`] : []),
    ...(request.contactInfo !== undefined ? [`/ContactInfo ${text(request.contactInfo)}`] : []),
    `${BYTE_RANGE_KEY}${"[0 0 0 0]".padEnd(BYTE_RANGE_WIDTH)}`,
    `/Contents <${"0".repeat(contentsBytes * 2)}>`,
  ];
  return latin1Bytes(`<< ${entries.join(" ")} >>`);
}

/** The unsigned update: the document's new and changed objects, and the signature dictionary's placeholders. */
async function unsignedUpdate(original: Uint8Array, request: SignatureRequest, contentsBytes: number) {
  const doc = await PDFDocument.load(original, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const before = doc.context.largestObjectNumber;
  const signature = doc.context.nextRef();
  const visible = request.visible;
  const pageIndex = visible ? visiblePageIndex(visible, doc.getPageCount()) : 0;
  if (pageIndex === null) throw new RangeError("the visible signature's page is not in the document");
  const rect = visible ? boxRect(doc, pageIndex, visible) : ([0, 0, 0, 0] as [number, number, number, number]);
  const signer = signerName(request.key);
  const text = visible ? { signer, signedAt: request.signedAt } : null;
  const appearance = await signatureAppearance(doc, rect, text);
  const field = addSignatureField(doc, signature, { pageIndex, rect, appearance });
  const changed = new Set(field.changed);
  const widget = { ref: field.widget, dict: doc.context.lookup(field.widget, PDFDict), pageIndex };
  addSignatureStructure(doc, widget, `Digital signature of ${signer}`, changed);
  await doc.flush();
  const added = doc.context
    .enumerateIndirectObjects()
    .filter(([ref]) => ref.objectNumber > before)
    .map(([ref, body]): UpdateObject => ({ ref, body }));
  const edited = [...changed].map((ref: PDFRef): UpdateObject => ({ ref, body: doc.context.lookup(ref) as never }));
  const objects = [...added, ...edited, { ref: signature, body: signatureDictionary(request, contentsBytes) }];
  return appendUpdate(original, objects, doc.context);
}

/** Where `text` first stands in the update appended after `from` (the original's length), as a file offset. */
function indexInUpdate(file: Uint8Array, text: string, from: number): number {
  const at = Array.from(file.subarray(from), (byte) => String.fromCharCode(byte))
    .join("")
    .indexOf(text);
  if (at < 0) throw new Error("the signature dictionary is missing from the update");
  return from + at;
}

/** Signs `original` with `request.key`; answers the signed file. */
export async function signPdf(original: Uint8Array, request: SignatureRequest): Promise<Uint8Array> {
  const certificates = request.key.chain.reduce((sum, der) => sum + der.length, 0);
  const contentsBytes = certificates + CMS_ROOM + (request.timestamp ? TOKEN_ROOM : 0);
  const file = await unsignedUpdate(original, request, contentsBytes);
  const rangeAt = indexInUpdate(file, BYTE_RANGE_KEY, original.length) + BYTE_RANGE_KEY.length;
  const contentsStart = indexInUpdate(file, "<", rangeAt + BYTE_RANGE_WIDTH);
  const contentsEnd = contentsStart + contentsBytes * 2 + 2;
  const byteRange = [0, contentsStart, contentsEnd, file.length - contentsEnd];
  file.set(latin1Bytes(`[${byteRange.join(" ")}]`.padEnd(BYTE_RANGE_WIDTH)), rangeAt);
  const digest = digestFor(request.key.key);
  const signed = concatBytes([file.subarray(0, contentsStart), file.subarray(contentsEnd)]);
  const cms = await signedCms(await crypto.subtle.digest(digest, signed), request.key);
  if (request.timestamp) withTimeStampToken(cms, await request.timestamp(signatureValue(cms), digest));
  const encoded = encodedCms(cms);
  if (encoded.length > contentsBytes) throw new Error("the signature outgrew the room kept for it in the file");
  const hex = Array.from(encoded, (byte) => byte.toString(16).padStart(2, "0")).join("");
  file.set(latin1Bytes(hex), contentsStart + 1);
  return file;
}
