import type { RenderBackend } from "../../render/chromium/driver";
import type { Preview } from "./create-preview";

/**
 * A PDF preview as its first page drawn to a PNG by the render backend: what an agent can look at (MCP
 * preview_template, README "Add Folio to an MCP client"). Null when the preview is an image already, when no render
 * backend runs here (the Browser Rendering binding alone) or when the drawing failed: the agent then gets the PDF.
 */
export async function firstPageImage(
  preview: Pick<Preview, "bytes" | "contentType">,
  accountId: string,
  chromium: () => RenderBackend,
): Promise<Uint8Array | null> {
  if (preview.contentType !== "application/pdf") return null;
  const { pageImages } = chromium();
  if (!pageImages) return null;
  // The image is a convenience on top of a preview that already succeeded (and counted): whatever stops the
  // drawing (a page whose images pass the raster ceilings among them), the agent gets the PDF. A preview is free
  // work (docs/limits.md#fair-share).
  return pageImages.firstPage(preview.bytes, { accountId, share: "free" }).catch(() => null);
}
