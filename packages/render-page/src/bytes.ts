// Byte arrays built from parts, for the Worker and the render backend alike (src/lib/bytes.ts re-exports it).

/** The parts one after another in one array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** `text` one byte per char (latin-1): PDF syntax and content operators are ASCII. */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
