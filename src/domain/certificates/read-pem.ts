// Certificates and keys in PEM (docs/signing.md#certificates): each block's base64 body decoded, its label checked.
import { type UploadField, uploadRefusal } from "./upload-refusal";

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*?)-----END \1-----/g;

/** The DER of every block labelled `label` in `text`; anything unreadable is refused at `field`. */
export function pemBlocks(text: string, label: "CERTIFICATE" | "PRIVATE KEY", field: UploadField): Uint8Array[] {
  const expected = label === "CERTIFICATE" ? "PEM certificates" : "an unencrypted PKCS#8 key (BEGIN PRIVATE KEY)";
  const blocks: Uint8Array[] = [];
  for (const [, found, body] of text.matchAll(BLOCK)) {
    if (found !== label) throw uploadRefusal(field, `A PEM block is a ${found}, not a ${label}.`, expected);
    try {
      blocks.push(Uint8Array.from(atob((body ?? "").replace(/\s/g, "")), (c) => c.charCodeAt(0)));
    } catch {
      throw uploadRefusal(field, "A PEM block is not readable.", expected);
    }
  }
  if (blocks.length === 0) throw uploadRefusal(field, "No PEM block found.", expected);
  return blocks;
}
