// The size in pixels of an image a card holds, read from its header: resvg decodes every image whole, whatever size it
// is shown at (an 8,000 x 8,000 PNG of 250 KB shown at 100 x 100 held the Worker 40 s), so a card's images count
// against its pixels before it is drawn (docs/limits.md#what-a-card-may-draw). Only the bytes a header needs are
// decoded, so a 10 MB image costs no more to measure than a small one.

const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/** Reads bytes of a data: URI's payload by offset, decoding only the part asked for. */
function payloadReader(uri: string): ((offset: number, length: number) => Uint8Array) | null {
  const match = DATA_URI.exec(uri);
  if (!match) return null;
  const body = uri.slice(match[0].length);
  if (!/;base64/i.test(match[2] ?? "")) {
    let bytes: Uint8Array;
    try {
      bytes = new TextEncoder().encode(decodeURIComponent(body));
    } catch {
      return null;
    }
    return (offset, length) => bytes.subarray(offset, offset + length);
  }
  return (offset, length) => {
    // Four characters of base64 hold three bytes: decode from the group holding `offset` to the one past the end.
    const start = Math.floor(offset / 3) * 4;
    const chunk = body.slice(start, Math.ceil((offset + length) / 3) * 4);
    let decoded: string;
    try {
      decoded = atob(chunk.slice(0, chunk.length - (chunk.length % 4)));
    } catch {
      return new Uint8Array(0);
    }
    const skip = offset - (start / 4) * 3;
    return Uint8Array.from(decoded.slice(skip, skip + length), (c) => c.charCodeAt(0));
  };
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65536 + u16be(b, at + 2);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) + (b[at + 2] ?? 0) * 65536;

/** A JPEG's size from its first frame header, walking its segments by their lengths. */
function jpegPixels(read: (offset: number, length: number) => Uint8Array): number {
  let at = 2;
  for (let segments = 0; segments < 10_000; segments++) {
    const head = read(at, 9);
    if (head.length < 4 || head[0] !== 0xff) return 0;
    const marker = head[1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return u16be(head, 5) * u16be(head, 7);
    at += 2 + u16be(head, 2);
  }
  return 0;
}

/** The pixels of the raster image in a data: URI (PNG, GIF, JPEG, WebP), or 0 when it is none of them. */
export function imagePixels(uri: string): number {
  const read = payloadReader(uri);
  if (!read) return 0;
  const head = read(0, 30);
  const tag = String.fromCharCode(...head.subarray(0, 4));
  if (tag === "\x89PNG") return u32be(head, 16) * u32be(head, 20);
  if (tag === "GIF8") return u16le(head, 6) * u16le(head, 8);
  if (head[0] === 0xff && head[1] === 0xd8) return jpegPixels(read);
  if (tag === "RIFF" && String.fromCharCode(...head.subarray(8, 12)) === "WEBP") {
    const kind = String.fromCharCode(...head.subarray(12, 16));
    if (kind === "VP8X") return (u24le(head, 24) + 1) * (u24le(head, 27) + 1);
    if (kind === "VP8L") {
      const bits = (head[21] ?? 0) | ((head[22] ?? 0) << 8) | ((head[23] ?? 0) << 16) | ((head[24] ?? 0) << 24);
      return ((bits & 0x3fff) + 1) * (((bits >>> 14) & 0x3fff) + 1);
    }
    if (kind === "VP8 ") return (u16le(head, 26) & 0x3fff) * (u16le(head, 28) & 0x3fff);
  }
  return 0;
}

/** Every data: URI `value` names, as an attribute or in CSS url()s. */
export function dataUris(value: string): string[] {
  if (value.startsWith("data:")) return [value];
  return [...value.matchAll(/url\(\s*["']?(data:[^"')]*)/gi)].map((match) => match[1] ?? "");
}

/** The markup of an image that is SVG, or null. */
export function svgMarkup(uri: string): string | null {
  const match = /^data:image\/svg\+xml(;[^,]*)?,/i.exec(uri);
  if (!match) return null;
  const body = uri.slice(match[0].length);
  try {
    return match[1]?.toLowerCase().includes("base64") ? atob(body) : decodeURIComponent(body);
  } catch {
    return null;
  }
}
