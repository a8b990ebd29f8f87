// What each link of a `pdfua` document is called (docs/accessibility.md#in-a-render): read in the page after it
// printed, since Chromium's tagged PDF keeps a link's address but not an `aria-label`, and carried to the Worker in
// one bounded header of the print's answer, so the mends can give each link annotation the name a reader hears.
import type { InPageDocument } from "./in-page-dom.ts";
import type { PageLike } from "./page-like.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** The bounds of the names carried (docs/limits.md#accessible-pdfs): past them the links keep their URLs. */
export const LINK_NAME_LIMITS = {
  /** A document with more links than this carries no names. */
  count: 200,
  /** A longer name is cut to this many characters, an ellipsis last. */
  chars: 100,
  /** The header's value, base64 of the names' JSON: a list longer than this carries no names. */
  headerBytes: 8192,
} as const;

/**
 * The accessible name of each `<a href>` Chromium tags as a Link, in document order: its `aria-label`, else its
 * drawn text, else the `alt` of its images; whitespace squeezed, each cut at `chars`. Chromium tags no link that is not
 * displayed, hidden from assistive technology, given another role, or drawn with no box (an empty `<a>`), so those
 * are left out; null when the document holds more than `count`.
 */
export function readLinkNames(page: PageLike): Promise<string[] | null> {
  return page.evaluate(
    (limits: { count: number; chars: number }) => {
      // No functions declared in here: a bundler that keeps function names would call a helper the page lacks.
      const names: string[] = [];
      for (const link of Array.from(document.querySelectorAll("a[href]"))) {
        const tagged =
          !link.closest('[aria-hidden="true"]') &&
          (link.getAttribute("role") ?? "link") === "link" &&
          link.checkVisibility({ visibilityProperty: true }) &&
          Array.from(link.getClientRects()).some((rect) => rect.width > 0 && rect.height > 0);
        if (!tagged) continue;
        if (names.length === limits.count) return null;
        const alts = Array.from(link.querySelectorAll("img[alt]"), (img) => img.getAttribute("alt")).join(" ");
        // innerText, not textContent: text not drawn (display: none) names nothing, and the words of boxes laid out
        // apart (the table of contents' title and page number) stay apart, as a reader hears them.
        const name =
          // biome-ignore lint/performance/useDomNodeTextContent: the drawn text is the name (the page is laid out).
          [link.getAttribute("aria-label"), link.innerText, alts]
            .map((text) => (text ?? "").replace(/\s+/g, " ").trim())
            .find((text) => text !== "") ?? "";
        names.push(name.length > limits.chars ? `${name.slice(0, limits.chars - 1)}…` : name);
      }
      return names;
    },
    { count: LINK_NAME_LIMITS.count, chars: LINK_NAME_LIMITS.chars },
  );
}

/** The names as the header's value: base64 of their JSON in UTF-8; undefined past `headerBytes`. */
export function linkNamesToHeader(names: readonly string[]): string | undefined {
  const bytes = new TextEncoder().encode(JSON.stringify(names));
  if (Math.ceil(bytes.byteLength / 3) * 4 > LINK_NAME_LIMITS.headerBytes) return undefined;
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The names a header carries; undefined when it is missing, over the bounds or not a list of strings. */
export function linkNamesFromHeader(value: string | null): string[] | undefined {
  if (!value || value.length > LINK_NAME_LIMITS.headerBytes) return undefined;
  try {
    const names: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))));
    const valid =
      Array.isArray(names) &&
      names.length <= LINK_NAME_LIMITS.count &&
      names.every((name) => typeof name === "string" && name.length <= LINK_NAME_LIMITS.chars);
    return valid ? names : undefined;
  } catch {
    return undefined;
  }
}
