// The pages of the preview shown: drawn at the zoom set, and drawn again where the reader was when the zoom
// changes. The page navigator and the Download button follow what is shown.
import type { PreviewFile } from "@folio/sdk";
import { $ } from "../shared/dom";
import type { Format } from "../state/draft";
import type { StudioState } from "../state/store";
import { createPreviewDownload } from "./preview-download";
import { createPreviewNavigator } from "./preview-navigator";
import { drawnPages, showPages } from "./preview-pages";
import { createPreviewZoom } from "./preview-zoom";

export type ShownPages = ReturnType<typeof createShownPages>;

/** `latest` is the number of the newest preview started: an older one's pages are never drawn over it. */
export function createShownPages(state: StudioState, latest: () => number) {
  /** The preview shown, kept to draw it again at another zoom; `draws` counts drawings, as `latest` does previews. */
  let shown: { result: PreviewFile; seq: number; format: Format } | null = null;
  let draws = 0;
  const navigator = createPreviewNavigator();
  const download = createPreviewDownload(() => state.current?.name ?? null);
  const zoom = createPreviewZoom(() => void redraw());

  /** Draws `result` at the zoom set; false when a newer preview or zoom came first. */
  const draw = async (result: PreviewFile, mine: number, format: Format, newPages: boolean) => {
    const drawing = ++draws;
    navigator.prepare(result.pageCount);
    const nodes = await drawnPages(result, zoom.widthOf, () => mine !== latest() || drawing !== draws);
    if (!nodes) return false;
    showPages(nodes, mine, format, result.pageCount);
    shown = { result, seq: mine, format };
    navigator.update(result.pageCount, newPages);
    download.set(result, format);
    zoom.drawn();
    return true;
  };
  /** The zoom changed: the preview shown is drawn again at the new size, where the reader was. */
  const redraw = async () => {
    if (!shown || shown.seq !== latest()) return;
    const scroll = $("preview-scroll");
    const at = scroll.scrollTop / Math.max(1, scroll.scrollHeight);
    if (await draw(shown.result, shown.seq, shown.format, false)) scroll.scrollTop = at * scroll.scrollHeight;
  };

  return {
    /** Draws the pages of preview number `mine`; false when a newer preview or zoom came first. */
    draw: (result: PreviewFile, mine: number, format: Format) => draw(result, mine, format, true),
    /** The XML view shows this file instead of pages: Download saves it. */
    xmlShown(result: PreviewFile) {
      download.set(result, "xml");
    },
    /** Nothing is shown any more (another template opened, or nothing to send). */
    forget() {
      shown = null;
      navigator.clear();
      download.set(null, state.format);
      zoom.cleared();
    },
  };
}
