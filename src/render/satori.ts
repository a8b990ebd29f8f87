import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import { html as parseHtml } from "satori-html";
import type { RenderOptions } from "../domain/render-options/options-schema";
import { ServiceError } from "../errors";
import type { EgressPolicy } from "../lib/egress-policy";
import type { RenderedFile } from "./chromium/driver";
import { encodePng } from "./png-encoder";
import { inlineSatoriAssets, type SatoriNode } from "./satori-assets";

const FONTS = [
  { name: "Inter", data: inter400, weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: inter600, weight: 600 as const, style: "normal" as const },
  { name: "Inter", data: inter700, weight: 700 as const, style: "normal" as const },
];

let ready: Promise<void> | null = null;

/** Both wasm modules are instantiated once per isolate, on the first card. */
function initialise(): Promise<void> {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(() => undefined);
  return ready;
}

/** Satori's element tree of a card's markup. */
export function satoriTree(html: string): SatoriNode {
  return parseHtml(html.trim()) as unknown as SatoriNode;
}

/** The card laid out as SVG; Satori refusing it is render_failed at stage layout. Its images must be data: URIs by now. */
export async function layoutSatoriCard(tree: SatoriNode, width: number, height: number): Promise<string> {
  await initialise();
  try {
    return await satori(tree as never, { width, height, fonts: FONTS });
  } catch (error) {
    throw new ServiceError("render_failed", `Satori could not lay out the card: ${(error as Error).message}`, { details: { stage: "layout", cause: (error as Error).message } });
  }
}

/** A PNG from Satori's flexbox subset, in the Worker: markup to SVG (satori) to pixels (resvg). */
export async function renderSatoriPng(html: string, options: RenderOptions, policy: EgressPolicy): Promise<RenderedFile> {
  const width = options.width ?? 1200;
  const height = options.height ?? 630;
  const tree = satoriTree(html);
  await inlineSatoriAssets(tree, policy);
  const svg = await layoutSatoriCard(tree, width, height);
  const scale = options.device_scale_factor ?? 1;
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: Math.round(width * scale) }, font: { loadSystemFonts: false }, ...(options.omit_background ? {} : { background: "white" }) });
  try {
    const image = resvg.render();
    try {
      return { bytes: await encodePng(image.pixels, image.width, image.height), pageCount: 1 };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
