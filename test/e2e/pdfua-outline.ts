// What a document's HTML says a reader must meet (headings, header cells, figures, list items, links) beside what
// its PDF's structure tree holds (pdf-structure.ts), so a test can compare the two. The HTML is the template's own
// Liquid output, read with patterns: the templates compared are the project's fixtures, written to be read so.
import { expect } from "vitest";
import { decodeEntities } from "../../src/lib/html-entities.ts";
import { liquidBudget, renderLiquid } from "../../src/render/liquid/liquid";
import { type Element, elementsOf, structureOf } from "./pdf-structure";

export interface Outline {
  headings: string[];
  headers: string[];
  figures: string[];
  items: string[];
  links: string[];
}

/** Text as compared: case folded (CSS `text-transform` changes it on the page), whitespace dropped. */
const folded = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, " "));
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const SCOPES: Record<string, string> = { col: "Column", row: "Row" };

/** A link's name as the page reads it: its aria-label, else its text, else its images' alt; whitespace squeezed. */
function linkName(attributes: string, inner: string): string {
  const squeezed = (text: string | undefined) =>
    decodeEntities(text ?? "")
      .replace(/\s+/g, " ")
      .trim();
  const alts = [...inner.matchAll(/<img\b[^>]*\salt="([^"]*)"/g)].map(([, alt]) => alt).join(" ");
  return squeezed(attribute(attributes, "aria-label")) || squeezed(inner.replace(/<[^>]*>/g, "")) || squeezed(alts);
}

/** The outline of a document's HTML: `H2 Billed to`, `TH Column Qty`, alternative texts, list items, link texts. */
export function htmlOutline(html: string): Outline {
  const all = (pattern: RegExp) => [...html.matchAll(pattern)];
  return {
    headings: all(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g).map(([, level, text]) => `H${level} ${folded(textOf(text!))}`),
    headers: all(/<th\b([^>]*)>([\s\S]*?)<\/th>/g).map(
      ([, attributes, text]) => `TH ${SCOPES[attribute(attributes!, "scope") ?? ""]} ${folded(textOf(text!))}`,
    ),
    figures: all(/<(?:img\b[^>]*\salt="(?!")|(?:svg|div)\b[^>]*\srole="img")[^>]*>/g).map((tag) =>
      decodeEntities(attribute(tag[0], "alt") ?? attribute(tag[0], "aria-label") ?? ""),
    ),
    items: all(/<li\b[^>]*>([\s\S]*?)<\/li>/g).map(([, text]) => folded(textOf(text!))),
    // A link's Contents is its name, as the page gives it (docs/accessibility.md#in-a-render).
    links: all(/<a\b([^>]*\shref="[^"]*"[^>]*)>([\s\S]*?)<\/a>/g).map(([, attributes, inner]) =>
      linkName(attributes!, inner!),
    ),
  };
}

/**
 * The same outline read from the structure tree. A table header Chromium repeats on each page (`thead` as a
 * table-header-group) is one TH owning each page's copy: its text is the header's, once a page.
 */
export function treeOutline(roots: Element[], html: Outline): Outline {
  const headerTexts = html.headers.map((header) => header.split(" ").slice(2).join(" "));
  return {
    headings: elementsOf(roots, /^H[1-6]$/).map((heading) => `${heading.type} ${folded(heading.text)}`),
    headers: elementsOf(roots, "TH").map((cell, i) => {
      const text = folded(cell.text);
      const once = headerTexts[i] && text.replaceAll(headerTexts[i], "") === "" ? headerTexts[i] : text;
      return `TH ${cell.scope} ${once}`;
    }),
    figures: elementsOf(roots, "Figure").map((figure) => figure.alt ?? ""),
    items: elementsOf(roots, "LI").map((item) => {
      expect(item.kids.map((kid) => kid.type).filter((type) => type !== "Lbl")).toEqual(["LBody"]);
      return folded(item.kids.find((kid) => kid.type === "LBody")?.text ?? "");
    }),
    links: elementsOf(roots, "Link").flatMap((link) => link.contents),
  };
}

/**
 * Expects the structure tree of `pdf` to hold the outline of the HTML the template `source` prints with `data`
 * (its codes drawn for an A4 page, so the Swiss QR-bill fits); answers that outline.
 */
export async function expectOutlineOf(pdf: Buffer, source: string, data: unknown, label?: string): Promise<Outline> {
  const budget = liquidBudget({ widthMm: 210, scale: 1 });
  const expected = htmlOutline(await renderLiquid(source, { data, instant: new Date(), budget }));
  expect(treeOutline(await structureOf(pdf), expected), label).toEqual(expected);
  return expected;
}
