// Finding one's way in a long preview: "page 3 / 8" for the page in view, and a column of thumbnails that
// scroll to their page. Both follow the pages drawn (showPages) and the pane's scrolling.
import { $, el } from "../shared/dom";

const THUMB_WIDTH = 64;

/** The drawn pages, in order: canvases for a PDF, one image for PNG and JPG. */
const pages = () => [...$("preview-pages").querySelectorAll<HTMLElement>(".page")];

/** The page in view: the last one whose top is above the pane's upper third. */
function pageInView(): number {
  const scroll = $("preview-scroll");
  const line = scroll.getBoundingClientRect().top + scroll.clientHeight / 3;
  let seen = 1;
  for (const [i, page] of pages().entries()) if (page.getBoundingClientRect().top <= line) seen = i + 1;
  return seen;
}

/** A small copy of a drawn page, to click. */
function thumbnail(page: HTMLElement, n: number): HTMLButtonElement {
  const button = el("button", { type: "button", class: "thumb", "data-page": String(n), title: `Page ${n}` });
  const copy = el("canvas");
  const source = page as HTMLCanvasElement | HTMLImageElement;
  const width = source instanceof HTMLCanvasElement ? source.width : source.naturalWidth;
  const height = source instanceof HTMLCanvasElement ? source.height : source.naturalHeight;
  copy.width = THUMB_WIDTH * 2;
  copy.height = Math.max(1, Math.round((copy.width * height) / Math.max(1, width)));
  copy.getContext("2d")?.drawImage(source, 0, 0, copy.width, copy.height);
  button.append(copy, el("span", { text: String(n) }));
  // The page is looked up at the click: a zoom draws every page again, and the one drawn here is gone by then.
  button.addEventListener("click", () => pages()[n - 1]?.scrollIntoView({ block: "start" }));
  return button;
}

export type PreviewNavigator = ReturnType<typeof createPreviewNavigator>;

export function createPreviewNavigator() {
  let total = 0;

  const showCurrent = () => {
    const indicator = $("page-indicator");
    indicator.hidden = total === 0;
    if (!total) return;
    const n = pageInView();
    indicator.textContent = `page ${n} / ${total}`;
    for (const thumb of $("preview-thumbs").querySelectorAll<HTMLElement>(".thumb"))
      thumb.toggleAttribute("aria-current", thumb.dataset.page === String(n));
  };

  $("preview-scroll").addEventListener("scroll", showCurrent, { passive: true });

  return {
    /** Makes room for the thumbnails before pages are drawn, so "Fit width" fits the room that is left. */
    prepare(pageCount: number) {
      $("preview-thumbs").hidden = pageCount < 2;
    },
    /**
     * New pages are drawn. `pageCount` is the document's (a preview may draw fewer, its first ones); thumbnails
     * are made again only when the pages themselves are new, not when a zoom redrew them.
     */
    update(pageCount: number, newPages: boolean) {
      const drawn = pages();
      total = drawn.length ? Math.max(pageCount, drawn.length) : 0;
      const thumbs = $("preview-thumbs");
      thumbs.hidden = drawn.length < 2;
      if (newPages) thumbs.replaceChildren(...(drawn.length < 2 ? [] : drawn.map((p, i) => thumbnail(p, i + 1))));
      showCurrent();
    },
    clear() {
      total = 0;
      $("preview-thumbs").replaceChildren();
      $("preview-thumbs").hidden = true;
      showCurrent();
    },
  };
}
