/** Text laid across every page or image, as markup of the document itself rather than a stamp on its output. */
export interface Watermark {
  text: string;
  /** 0.05 to 1; default 0.15. */
  opacity?: number;
  /** Degrees, -90 to 90; default -45. */
  angle?: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mark(watermark: Watermark, fixed: boolean): string {
  const opacity = watermark.opacity ?? 0.15;
  const angle = watermark.angle ?? -45;
  // Chromium repeats a position:fixed element on every printed page, and centres it in the viewport of a capture.
  const layer = `${fixed ? "position:fixed;inset:0" : "position:absolute;left:0;top:0;width:100%;height:100%"};display:flex;align-items:center;justify-content:center;pointer-events:none;z-index:2147483647;overflow:hidden`;
  const text = `display:flex;transform:rotate(${angle}deg);font-family:Inter,sans-serif;font-size:96px;font-weight:700;letter-spacing:8px;white-space:nowrap;color:rgba(0,0,0,${opacity})`;
  return `<div aria-hidden="true" style="${layer}"><div style="${text}">${escapeHtml(watermark.text)}</div></div>`;
}

/**
 * The document with the watermark laid over it. For Chromium, a fixed layer at the end of the body; for
 * Satori, which has no fixed positioning, an absolute layer as the last child of the card's root element.
 */
export function watermarkDocument(html: string, watermark: Watermark, engine: "chromium" | "satori"): string {
  if (engine === "satori") {
    const trimmed = html.trimEnd();
    const rootClose = trimmed.lastIndexOf("</");
    return rootClose < 0 ? trimmed : `${trimmed.slice(0, rootClose)}${mark(watermark, false)}${trimmed.slice(rootClose)}`;
  }
  const bodyClose = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  return bodyClose < 0 ? `${html}${mark(watermark, true)}` : `${html.slice(0, bodyClose)}${mark(watermark, true)}${html.slice(bodyClose)}`;
}
