// A PDF's page size, orientation and margins (docs/rendering.md#option-precedence): the render's options (the request's
// over the template's, already merged) win over the document's own @page rules, which rule only where no option is set.
// No runtime imports: the render backend's Node runs this file as it is.
import type { CssomItem, InPageDocument } from "./in-page-dom.ts";
import type { Margins, PageOptions } from "./job-contract.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** What the document's @page rules declare, read through CSSOM before it is printed. */
export interface DeclaredPage {
  /** The `size` of the last @page rule that has one, as CSSOM writes it ("a4", "a4 landscape", "210mm 297mm"). */
  size: string | null;
  /** Some @page rule sets a margin. */
  margin: boolean;
  /** A style sheet of another origin, whose rules CSSOM does not show: it may declare either. */
  unreadable: boolean;
}

type Length = string | number;
type PaperSize = { format: string } | { width: Length; height: Length };
/** A page's width and height in CSS px, as it is laid out. */
type Extent = [number, number];

export interface PageGeometry {
  /** The size, orientation and margin fields of Puppeteer's page.pdf(). */
  pdf: PaperSize & { landscape: boolean; margin: Margins; preferCSSPageSize: boolean };
  /** An @page rule appended to the document so the options win over its own; null when nothing needs overriding. */
  overrideCss: string | null;
}

const SIDES = ["top", "right", "bottom", "left"] as const;

const PX_PER_MM = 96 / 25.4;
/** CSS px per unit. Puppeteer takes a bare number as px, the same way in both drivers. */
const PX_PER_UNIT: Record<string, number> = {
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: PX_PER_MM,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
};

/** Portrait sizes of the CSS page-size names and of `page_size`, in mm. */
const NAMED_MM: Record<string, Extent> = {
  a3: [297, 420],
  a4: [210, 297],
  a5: [148, 210],
  b4: [250, 353],
  b5: [176, 250],
  "jis-b4": [257, 364],
  "jis-b5": [182, 257],
  letter: [215.9, 279.4],
  legal: [215.9, 355.6],
  ledger: [279.4, 431.8],
  tabloid: [279.4, 431.8],
};
/** The names Puppeteer prints by name: a document's A4 then gives the very paper `page_size: "A4"` gives. */
const PUPPETEER_FORMATS: Record<string, string> = {
  a3: "a3",
  a4: "a4",
  a5: "a5",
  letter: "letter",
  legal: "legal",
  ledger: "tabloid",
  tabloid: "tabloid",
};

/** CSS px of a length; a bare number (or numeric string) is px, as Puppeteer reads it. NaN when not a length. */
function px(length: Length): number {
  if (typeof length === "number") return length;
  const match = /^(\d*\.?\d+)([a-z]*)$/.exec(length.trim().toLowerCase());
  if (!match) return NaN;
  return Number(match[1]) * (match[2] ? (PX_PER_UNIT[match[2]] ?? NaN) : 1);
}

function extentOf(paper: PaperSize): Extent {
  if ("format" in paper) {
    // The Worker only sends the names it validated; a job from elsewhere may carry any.
    const mm = NAMED_MM[paper.format];
    if (!mm) throw new Error(`unknown page size "${paper.format}"`);
    return [mm[0] * PX_PER_MM, mm[1] * PX_PER_MM];
  }
  return [px(paper.width), px(paper.height)];
}

/**
 * The paper a document's @page `size` names, portrait (the `landscape` option turns it), and the page it declares; null
 * for `auto`.
 */
function declaredPaper(size: string): { paper: PaperSize; extent: Extent } | null {
  const words = size.toLowerCase().split(/\s+/).filter(Boolean);
  const turned = words.includes("landscape");
  const rest = words.filter((word) => word !== "portrait" && word !== "landscape");
  const [name] = rest;
  const namedMm = rest.length === 1 && name ? NAMED_MM[name] : undefined;
  if (name && namedMm) {
    const format = PUPPETEER_FORMATS[name];
    const paper = format ? { format } : { width: `${namedMm[0]}mm`, height: `${namedMm[1]}mm` };
    const [width, height] = extentOf(paper);
    return { paper, extent: turned ? [height, width] : [width, height] };
  }
  const lengths = rest.map(px);
  if (lengths.length === 0 || lengths.length > 2 || lengths.some((length) => !(length > 0))) return null;
  const [width, height = width] = lengths as [number, number?];
  return { paper: { width: Math.min(width, height), height: Math.max(width, height) }, extent: [width, height] };
}

/** True when the rule needs the document's @page rules: an option that has to win over them is set. */
export function needsDeclaredPage(options: PageOptions): boolean {
  return options.page_size !== undefined || options.landscape !== undefined || options.margin !== undefined;
}

/**
 * The one rule. No page option set: the document's @page size and margin rule, Puppeteer's A4 and zero margin
 * filling in (as always: such renders keep their bytes). `page_size` or `landscape` set: the paper is
 * `page_size`, else the paper the document declares, else A4, turned by `landscape`, and the document is laid
 * out on that page, its @page size overridden unless it already declares that very page. `margin` set: its
 * sides override the document's @page margins. An override is injected only where the document declares
 * something else, so a render the options did not change keeps its bytes.
 */
export function pageGeometry(options: PageOptions, declared: DeclaredPage | null): PageGeometry {
  const margin = options.margin ?? "0";
  const sizeSet = options.page_size !== undefined || options.landscape !== undefined;
  const ownPage = declared?.size ? declaredPaper(declared.size) : null;
  const paper: PaperSize =
    typeof options.page_size === "string"
      ? { format: options.page_size.toLowerCase() }
      : (options.page_size ?? (sizeSet ? ownPage?.paper : undefined) ?? { format: "a4" });
  const landscape: boolean = options.landscape ?? false;
  const pdf = {
    ...paper,
    landscape,
    margin: typeof margin === "string" ? { top: margin, right: margin, bottom: margin, left: margin } : margin,
    preferCSSPageSize: !sizeSet,
  };
  const overrides: string[] = [];
  // Puppeteer's landscape swaps the paper's sides.
  const [width, height] = extentOf(paper);
  const printed: Extent = landscape ? [height, width] : [width, height];
  const declaresThisPage =
    ownPage !== null && Math.abs(ownPage.extent[0] - printed[0]) < 1 && Math.abs(ownPage.extent[1] - printed[1]) < 1;
  if (sizeSet && (declared?.unreadable || (declared?.size && !declaresThisPage)))
    overrides.push("size: auto !important");
  if (options.margin !== undefined && (declared?.margin || declared?.unreadable)) {
    for (const side of SIDES)
      if (pdf.margin[side] !== undefined) overrides.push(`margin-${side}: ${pdf.margin[side]} !important`);
  }
  return { pdf, overrideCss: overrides.length ? `@page { ${overrides.join("; ")} }` : null };
}

/**
 * Reads the document's @page rules through CSSOM, in @media, @supports, @layer and @import too, in document
 * order (nested rules are spliced in after their group). No named function inside: the Worker's bundler would
 * wrap it in a helper the page does not have.
 */
export function readDeclaredPage(page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<DeclaredPage> {
  return page.evaluate(() => {
    const declared: DeclaredPage = { size: null, margin: false, unreadable: false };
    const items: CssomItem[] = Array.from(document.styleSheets);
    // entries() reads the array as it grows: what is spliced in after `at` is visited next, in document order.
    for (const [at, item] of items.entries()) {
      if (item.styleSheet) items.splice(at + 1, 0, item.styleSheet);
      const pageRule = item.cssText?.startsWith("@page") ? item.style : undefined;
      if (pageRule) {
        declared.size = pageRule.getPropertyValue("size") || declared.size;
        declared.margin ||= ["top", "right", "bottom", "left"].some(
          (side) => pageRule.getPropertyValue(`margin-${side}`) !== "",
        );
      }
      try {
        // Reading a sheet's rules throws when the sheet comes from another origin.
        const rules = item.cssRules;
        if (rules) items.splice(at + 1, 0, ...Array.from(rules));
      } catch {
        declared.unreadable = true;
      }
    }
    return declared;
  });
}

/** Appends the override as the document's last style sheet, so its !important declarations win. */
export function applyOverride(
  page: { evaluate<T>(fn: (css: string) => T, css: string): Promise<T> },
  css: string,
): Promise<void> {
  return page.evaluate((text: string) => {
    const style = document.createElement("style");
    style.textContent = text;
    document.head.appendChild(style);
  }, css);
}
