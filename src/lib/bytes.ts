// Byte arrays built from parts: PDF and PNG files are written piece by piece.

export { concatBytes } from "@folio/render-page/bytes";

/** `text` one byte per char (latin-1): PDF syntax and content operators are ASCII. */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
