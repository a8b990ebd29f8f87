// PDF pages drawn as images with pdf.js, bundled with its worker (loaded on the first PDF preview only).
import type { PDFDocumentProxy } from "pdfjs-dist";

type PdfJs = typeof import("pdfjs-dist");
let loading: Promise<PdfJs> | null = null;

function pdfjs(): Promise<PdfJs> {
  loading ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
  );
  return loading;
}

/** Starts fetching pdf.js in the background, so the first preview does not wait for it. */
export function preloadPdfJs(): void {
  void pdfjs();
}

/** CSS pixels per PDF point: a page at 100% is the size a browser prints it. */
const CSS_PX_PER_PT = 96 / 72;

/**
 * Draws every page of a PDF into canvases, each `widthOf(its width at 100%)` CSS pixels wide (sharp on
 * high-density screens). `stale()` is asked between pages: a newer preview abandons this one.
 */
export async function drawPdf(
  bytes: Uint8Array,
  widthOf: (naturalWidth: number) => number,
  stale: () => boolean,
): Promise<HTMLCanvasElement[] | null> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    // A copy: pdf.js hands its buffer to its worker, and the preview keeps the file to redraw and download.
    data: bytes.slice(),
    isEvalSupported: false,
    verbosity: 0,
    useSystemFonts: false,
    disableAutoFetch: true,
  });
  let doc: PDFDocumentProxy | null = null;
  try {
    doc = await task.promise;
    const canvases: HTMLCanvasElement[] = [];
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    for (let n = 1; n <= doc.numPages; n++) {
      if (stale()) return null;
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const cssWidth = widthOf(base.width * CSS_PX_PER_PT);
      const scale = (cssWidth / base.width) * ratio;
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      canvas.style.aspectRatio = `${base.width} / ${base.height}`;
      canvas.style.width = `${cssWidth}px`;
      canvas.className = "page";
      canvas.dataset.page = String(n);
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      canvases.push(canvas);
    }
    return canvases;
  } finally {
    void (doc ? doc.destroy() : task.destroy());
  }
}
