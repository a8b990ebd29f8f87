import type { PageGeometry } from "./code-ledger";
import { lengthInMm } from "./css-length";

/** Portrait width and height in mm of each named page size (docs/codes.md#swiss_qr_bill). */
const PAGE_MM: Record<string, [number, number]> = {
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
  Tabloid: [279.4, 431.8],
};

/** A custom page side in mm; "0" (Chromium's own default size) counts as no width a page-wide code fits. */
function sizeInMm(length: string): number {
  return length === "0" ? 0 : lengthInMm(length, "page_size", "width");
}

interface PageOptions {
  page_size?: string | { width: string; height: string };
  landscape?: boolean;
  scale?: number;
}

/** The printed page's width and scale as the options set them (A4 portrait at scale 1 by default). */
export function pageGeometry(options: PageOptions): PageGeometry {
  const size = options.page_size ?? "A4";
  const [width, height] =
    typeof size === "string" ? (PAGE_MM[size] ?? [210, 297]) : [sizeInMm(size.width), sizeInMm(size.height)];
  return { widthMm: options.landscape ? height : width, scale: options.scale ?? 1 };
}

/** The page a template's codes are drawn for: a Chromium template's printed page; a satori card has none. */
export function templatePage(engine: string, options: PageOptions): PageGeometry | undefined {
  return engine === "chromium" ? pageGeometry(options) : undefined;
}
