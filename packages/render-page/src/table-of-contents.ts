// The `toc` option (/docs#finishing, src/docs/finishing-guide.ts): the element with `data-toc` gets a nested list of
// the h1 to h3 headings, each a link with the page it lands on. Which page a heading lands on is only known once the
// document is printed (fragmentation, break rules, the list's own length), so the page is printed, the pages read from
// the PDF, the numbers filled in, and printed again until they hold. Node runs this file as it is.
import type { InPageDocument, InPageElement } from "./in-page-dom.ts";
import type { PageLike } from "./page-like.ts";
import { namedDestinationPages } from "./pdf-destinations.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** Prints, at most: the first with placeholders, then until the numbers printed are the numbers read. */
const MAX_PASSES = 3;

/**
 * Fills the `data-toc` element with the list, every page number a placeholder, and answers the links'
 * targets in document order (null when the document has no such element). A heading without an id gets
 * one. Chromium writes a named destination for every link target, named by the link's fragment as the URL
 * holds it (percent-encoded), which is how the pages are read back. Functions run in the page are kept
 * free of inner named functions.
 */
async function fillList(page: PageLike): Promise<string[] | null> {
  return page.evaluate(() => {
    const holder = document.querySelector("[data-toc]");
    if (!holder) return null;
    const headings = Array.from(document.querySelectorAll("h1, h2, h3")).filter(
      (h) => !holder.contains(h) && h.getClientRects().length > 0,
    );
    const root = document.createElement("ol");
    root.className = "folio-toc";
    const open: Array<{ level: number; item: InPageElement }> = [];
    let assigned = 0;
    for (const heading of headings) {
      while (!heading.id) {
        const candidate = `folio-toc-${++assigned}`;
        if (!document.getElementById(candidate)) heading.id = candidate;
      }
      const level = Number(heading.localName.slice(1));
      // Levels start at 1, so an empty stack stops the popping.
      while ((open.at(-1)?.level ?? 0) >= level) open.pop();
      const parent = open.at(-1)?.item;
      const list = parent
        ? (parent.querySelector(":scope > ol") ?? parent.appendChild(document.createElement("ol")))
        : root;
      const item = list.appendChild(document.createElement("li"));
      item.className = `folio-toc-item folio-toc-h${level}`;
      const link = item.appendChild(document.createElement("a"));
      link.className = "folio-toc-link";
      link.href = `#${encodeURIComponent(heading.id)}`;
      link.dataset.tocTarget = link.hash.slice(1);
      const title = link.appendChild(document.createElement("span"));
      title.className = "folio-toc-title";
      title.textContent = heading.textContent.replace(/\s+/g, " ").trim();
      const pageNumber = link.appendChild(document.createElement("span"));
      pageNumber.className = "folio-toc-page";
      pageNumber.textContent = "0";
      open.push({ level, item });
    }
    holder.replaceChildren(root);
    // Zero-specificity defaults (:where), so any rule of the document's own wins.
    const style = document.head.appendChild(document.createElement("style"));
    style.textContent =
      ":where(.folio-toc, .folio-toc ol) { list-style: none; margin: 0; padding: 0 }" +
      " :where(.folio-toc ol) { padding-left: 1.5em }" +
      " :where(.folio-toc-link) { display: flex; gap: 0.5em; color: inherit; text-decoration: none }" +
      " :where(.folio-toc-title) { flex: 1 }";
    return Array.from(root.querySelectorAll(".folio-toc-link"), (link) => link.dataset.tocTarget as string);
  });
}

async function showPages(page: PageLike, pages: Record<string, number>): Promise<void> {
  await page.evaluate((found: Record<string, number>) => {
    for (const link of Array.from(document.querySelectorAll("[data-toc] .folio-toc-link"))) {
      const pageNumber = link.querySelector(".folio-toc-page");
      const target = link.dataset.tocTarget;
      // fillList made every link with its target and page number.
      if (pageNumber && target !== undefined) pageNumber.textContent = String(found[target] ?? "");
    }
  }, pages);
}

/**
 * Prints with the table of contents filled in: each pass prints, reads the page every heading landed on,
 * and stops when those are the numbers it printed (the list's own growth can move the headings it lists).
 * A document without a `data-toc` element, or without headings, prints once.
 */
export async function printWithTableOfContents(page: PageLike, print: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const targets = await fillList(page);
  if (!targets?.length) return print();
  let shown: Record<string, number> | null = null;
  for (let pass = 1; ; pass++) {
    const bytes = await print();
    const landed = namedDestinationPages(bytes);
    const pages = Object.fromEntries(
      targets.flatMap((target) => {
        const landedOn = landed.get(target);
        return landedOn === undefined ? [] : [[target, landedOn] as const];
      }),
    );
    if (pass === MAX_PASSES || (shown && JSON.stringify(pages) === JSON.stringify(shown))) return bytes;
    await showPages(page, pages);
    shown = pages;
  }
}
