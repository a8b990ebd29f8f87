// The preview pane: its status line, the pages drawn (PDF pages as canvases, PNG/JPG as an image), the empty
// state, and the "out of date" banner over the last good preview.
import type { PreviewFile } from "@folio/sdk";
import { $, el, rich } from "../shared/dom";
import type { Format } from "../state/draft";
import { drawPdf } from "./pdf";
import type { PreviewState } from "./preview-wording";

export function setStatus(state: PreviewState, text: string) {
  const status = $("preview-status");
  status.dataset.state = state;
  const label = status.querySelector("span");
  if (label) label.textContent = text;
}

export function clearPages() {
  $("preview-pages").replaceChildren();
  $("preview-empty").hidden = false;
  $("preview-banner").hidden = true;
  $("preview-scroll").classList.remove("stale");
}

export function showEmpty(text: string) {
  clearPages();
  $("preview-empty").textContent = text;
}

export function markStale(message: string) {
  const banner = $("preview-banner");
  banner.hidden = false;
  banner.replaceChildren(rich(message));
  $("preview-scroll").classList.add("stale");
  // With no earlier preview to keep showing, the empty state says what the preview waits for.
  if (!$("preview-pages").childElementCount)
    $("preview-empty").textContent = "The preview appears here once the problems above are fixed.";
}

/** The object URL of the image shown now, released when another image replaces it. */
let imageUrl: string | null = null;

/**
 * Draws a preview's file, each page `widthOf(its width at 100%)` CSS pixels wide; null when `stale()` turned
 * true on the way (a newer preview, or a newer zoom, abandons this one).
 */
export async function drawnPages(
  result: PreviewFile,
  widthOf: (naturalWidth: number) => number,
  stale: () => boolean,
): Promise<HTMLElement[] | null> {
  if (result.contentType === "application/pdf") {
    const canvases = await drawPdf(result.bytes, widthOf, stale);
    return canvases && !stale() ? canvases : null;
  }
  const url = URL.createObjectURL(new Blob([result.bytes], { type: result.contentType }));
  const img = el("img", { class: "page image", alt: "Preview", src: url, "data-page": "1" });
  await img.decode().catch(() => undefined);
  img.style.width = `${widthOf(img.naturalWidth)}px`;
  if (stale()) {
    URL.revokeObjectURL(url);
    return null;
  }
  if (imageUrl) URL.revokeObjectURL(imageUrl);
  imageUrl = url;
  return [img];
}

export function showPages(nodes: HTMLElement[], seq: number, format: Format, pageCount: number) {
  const pages = $("preview-pages");
  pages.replaceChildren(...nodes);
  pages.dataset.seq = String(seq);
  pages.dataset.format = format;
  pages.dataset.pages = String(pageCount);
  $("preview-empty").hidden = true;
  $("preview-banner").hidden = true;
  $("preview-scroll").classList.remove("stale");
}
