import type { EgressPolicy } from "@folio/render-page/egress-policy";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import { html as parseHtml } from "satori-html";
import type { RenderOptions } from "../domain/render-options/options-schema";
import { ServiceError } from "../errors";
import { cardSize } from "./card-document";
import type { RenderedFile } from "./chromium/driver";
import { INTER_FONTS } from "./inter-fonts";
import { encodePng } from "./png-encoder";
import { inlineSatoriAssets, type SatoriNode } from "./satori-assets";
import { CardBudgetExceeded, measureCard } from "./satori-budget";

const FONTS = INTER_FONTS.map(({ weight, data }) => ({ name: "Inter", data, weight, style: "normal" as const }));

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

/**
 * The card laid out as SVG; Satori refusing it is render_failed at stage layout. Its images must be data: URIs by now.
 */
export async function layoutSatoriCard(tree: SatoriNode, width: number, height: number): Promise<string> {
  await initialise();
  try {
    return await satori(tree as never, { width, height, fonts: FONTS });
  } catch (error) {
    throw new ServiceError("render_failed", `Satori could not lay out the card: ${(error as Error).message}`, {
      details: { stage: "layout", cause: (error as Error).message },
    });
  }
}

/** What is drawn over a laid-out card before it becomes pixels (a preview's mark), given its SVG and size. */
export type CardOverlay = (svg: string, width: number, height: number) => Promise<string>;

/** A PNG from Satori's flexbox subset, in the Worker: markup to SVG (satori) to pixels (resvg). */
export async function renderSatoriPng(
  html: string,
  options: RenderOptions,
  policy: EgressPolicy,
  overlay?: CardOverlay,
): Promise<RenderedFile> {
  const { width, height } = cardSize(options);
  try {
    measureCard(html);
  } catch (error) {
    if (!(error instanceof CardBudgetExceeded)) throw error;
    // The source passed at create: its data made it exceed.
    throw new ServiceError(
      "render_failed",
      `The card is refused before layout: ${error.message}. Shorten the text the data puts in it, or split it ` +
        `into several cards.`,
      { details: { stage: "layout", ...error.details } },
    );
  }
  const tree = satoriTree(html);
  await inlineSatoriAssets(tree, policy);
  const laidOut = await layoutSatoriCard(tree, width, height);
  const svg = overlay ? await overlay(laidOut, width, height) : laidOut;
  const scale = options.device_scale_factor ?? 1;
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: Math.round(width * scale) },
    font: { loadSystemFonts: false },
    ...(options.omit_background ? {} : { background: "white" }),
  });
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
