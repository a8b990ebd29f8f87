import type { EgressPolicy } from "@folio/render-page/egress-policy";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import { html as parseHtml } from "satori-html";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";
import type { RenderedFile } from "../chromium/driver";
import { cardSize } from "./card-document";
import { INTER_FONTS } from "./inter-fonts";
import { encodePng } from "./png-encoder";
import { inlineSatoriAssets, type SatoriNode } from "./satori-assets";
import { CardBudgetExceeded, measureCard } from "./satori-budget";
import { type Box, boxRecorder, cardElements, measureDrawing } from "./satori-cost";

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
export async function layoutSatoriCard(
  tree: SatoriNode,
  width: number,
  height: number,
  boxes?: Map<number, Box>,
): Promise<string> {
  await initialise();
  try {
    return await satori(tree as never, {
      width,
      height,
      fonts: FONTS,
      ...(boxes ? { onNodeDetected: boxRecorder(boxes) } : {}),
    });
  } catch (error) {
    throw new ServiceError("render_failed", `Satori could not lay out the card: ${(error as Error).message}`, {
      details: { stage: "layout", cause: (error as Error).message },
    });
  }
}

/** What is drawn over a laid-out card before it becomes pixels (a preview's mark), given its SVG and size. */
export type CardOverlay = (svg: string, width: number, height: number) => Promise<string>;

/** Refused before any work: the card's data made it pass a count or a cost (the source passed them at create). */
function refusedByItsData(error: CardBudgetExceeded): ServiceError {
  return new ServiceError(
    "render_failed",
    `The card is refused before it is drawn: ${error.message}. Lighten what the data puts in it, or split it ` +
      `into several cards.`,
    { details: { stage: "layout", ...error.details } },
  );
}

/** Runs `measure`, turning its refusal into the render's. */
function refuseOver(measure: () => void): void {
  try {
    measure();
  } catch (error) {
    throw error instanceof CardBudgetExceeded ? refusedByItsData(error) : error;
  }
}

/** The laid-out card as pixels; resvg failing on it is the card's fault, and said in Folio's words. */
function drawCard(
  svg: string,
  width: number,
  options: RenderOptions,
): { pixels: Uint8Array; width: number; height: number } {
  try {
    const resvg = new Resvg(svg, {
      fitTo: { mode: "width", value: Math.round(width * (options.device_scale_factor ?? 1)) },
      font: { loadSystemFonts: false },
      ...(options.omit_background ? {} : { background: "white" }),
    });
    const image = resvg.render();
    const drawn = { pixels: image.pixels, width: image.width, height: image.height };
    image.free();
    resvg.free();
    return drawn;
  } catch {
    // resvg stopped inside its own code (a shadow cast far off the card): what it held cannot be freed any more, and
    // is left to the collector. Its own message ("unreachable") would tell the user nothing.
    throw new ServiceError(
      "render_failed",
      "The laid-out card could not be drawn: a shadow, filter or drawing in it lies where it cannot be drawn, such as " +
        "far outside the card.",
      { details: { stage: "layout" } },
    );
  }
}

/** A PNG from Satori's flexbox subset, in the Worker: markup to SVG (satori) to pixels (resvg). */
export async function renderSatoriPng(
  html: string,
  options: RenderOptions,
  policy: EgressPolicy,
  overlay?: CardOverlay,
): Promise<RenderedFile> {
  const { width, height } = cardSize(options);
  refuseOver(() => measureCard(html));
  const tree = satoriTree(html);
  const raster = { width, height, scale: options.device_scale_factor ?? 1 };
  const elements = cardElements(tree, raster);
  await inlineSatoriAssets(tree, policy);
  const boxes = new Map<number, Box>();
  const laidOut = await layoutSatoriCard(tree, width, height, boxes);
  // Laid out, not yet drawn: what the drawing costs is known from the boxes before resvg spends it.
  refuseOver(() => measureDrawing(elements, boxes, raster));
  const svg = overlay ? await overlay(laidOut, width, height) : laidOut;
  const image = drawCard(svg, width, options);
  return { bytes: await encodePng(image.pixels, image.width, image.height), pageCount: 1 };
}
