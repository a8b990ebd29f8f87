// The preview's zoom: "Fit width" (the default: a page as wide as the pane) or a fixed scale of the document's
// own size (100% is a page at 96 dpi, the size a browser prints it). Zooming redraws the pages at the new size,
// so text stays sharp at any scale.
import { $ } from "../shared/dom";

const STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** The room the pages leave beside them in the pane (its padding). */
const GUTTER = 48;
const MIN_WIDTH = 120;
const RESIZE_DELAY_MS = 150;

export type PreviewZoom = ReturnType<typeof createPreviewZoom>;

export function createPreviewZoom(changed: () => void) {
  let scale: number | "fit" = "fit";
  /** The shown document's page width at 100%, in CSS pixels; known once a page is drawn. */
  let natural = 0;

  const fitWidth = () => Math.max(MIN_WIDTH, $("preview-scroll").clientWidth - GUTTER);
  /** The scale shown now: the fitting one in "fit" mode. */
  const current = () => (scale === "fit" ? (natural ? fitWidth() / natural : 1) : scale);

  /** The level shown and the buttons that can act: none while no page is shown. */
  const showLevel = () => {
    $("zoom-level").textContent = natural ? `${Math.round(current() * 100)}%` : "–";
    $("zoom-fit").setAttribute("aria-pressed", String(scale === "fit"));
    $<HTMLButtonElement>("zoom-out").disabled = !natural || current() <= (STEPS[0] ?? 0) + 0.001;
    $<HTMLButtonElement>("zoom-in").disabled = !natural || current() >= (STEPS.at(-1) ?? 0) - 0.001;
  };

  const set = (next: number | "fit") => {
    if (next === scale) return;
    scale = next;
    showLevel();
    changed();
  };
  /** The next step past the scale shown, so zooming from "fit" goes on from where the page is. */
  const step = (direction: 1 | -1) => {
    const now = current();
    const next = direction > 0 ? STEPS.find((s) => s > now + 0.001) : STEPS.findLast((s) => s < now - 0.001);
    if (next !== undefined) set(next);
  };

  // In "fit" mode the pages follow the pane's width (a resized window, the phone turned) once resizing pauses.
  let paneWidth = 0;
  let refit: ReturnType<typeof setTimeout> | null = null;
  new ResizeObserver(() => {
    const width = $("preview-scroll").clientWidth;
    if (scale !== "fit" || !natural || Math.abs(width - paneWidth) < 8) return;
    paneWidth = width;
    if (refit) clearTimeout(refit);
    refit = setTimeout(changed, RESIZE_DELAY_MS);
  }).observe($("preview-scroll"));

  $("zoom-in").addEventListener("click", () => step(1));
  $("zoom-out").addEventListener("click", () => step(-1));
  $("zoom-fit").addEventListener("click", () => set("fit"));
  showLevel();

  return {
    /** The CSS width to draw a page of `naturalWidth` CSS pixels at 100%. */
    widthOf(naturalWidth: number): number {
      natural = naturalWidth;
      paneWidth = $("preview-scroll").clientWidth;
      return scale === "fit" ? fitWidth() : Math.round(naturalWidth * scale);
    },
    /** A drawing finished: the level shown follows the document's size. */
    drawn: showLevel,
    /** Nothing is shown any more. */
    cleared() {
      natural = 0;
      showLevel();
    },
  };
}
