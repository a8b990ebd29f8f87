// Where a printed PDF put the elements internal links point at: the table of contents reads its page numbers here.
import { binaryString, crossReference, objectAt, reference } from "./pdf-structure.ts";

/** Where each object's body starts, by object number (Skia writes every object plainly, none in object streams). */
function objectBodies(text: string): (number: number) => string {
  const starts = new Map<number, number>();
  for (const match of text.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g))
    starts.set(Number(match[1]), match.index + match[0].length);
  return (number) => {
    const start = starts.get(number);
    return start === undefined ? "" : text.slice(start, text.indexOf("endobj", start));
  };
}

/** A PDF name's characters: `#xx` escapes are bytes, and the bytes are UTF-8. */
function decodeName(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "#" && /^[0-9a-f]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(raw.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * The page (from 1) each named destination lands on. Chromium writes a destination for every element an
 * internal link points at (`<a href="#id">`), in the catalog's /Dests dictionary, so this says where the
 * print put those elements: exactly, fragmentation and all.
 */
export function namedDestinationPages(bytes: Uint8Array): Map<string, number> {
  // Through the cross-reference table, decoding only the objects walked; a whole-file scan when it is not Skia's.
  const xref = crossReference(bytes);
  const text = xref ? "" : binaryString(bytes);
  const body = xref ? (number: number) => objectAt(bytes, xref, number)?.text ?? "" : objectBodies(text);
  const catalog = body(
    reference(xref ? xref.section.slice(xref.trailerAt) : text.slice(text.lastIndexOf("trailer")), "Root"),
  );
  const pageNumbers = new Map<number, number>();
  const walk = (node: number): void => {
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body(node))?.[1];
    if (kids === undefined) pageNumbers.set(node, pageNumbers.size + 1);
    else for (const kid of kids.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(kid[1]));
  };
  walk(reference(catalog, "Pages"));
  const destsRef = reference(catalog, "Dests");
  const dests = Number.isNaN(destsRef) ? "" : body(destsRef);
  const pages = new Map<string, number>();
  for (const [, name, page] of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+)\s+0\s+R/g)) {
    const at = pageNumbers.get(Number(page));
    // The name's group always takes part in a match; the check is for the type.
    if (name !== undefined && at !== undefined) pages.set(decodeName(name), at);
  }
  return pages;
}
