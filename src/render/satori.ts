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
import { assetBlocked, fetchAsset, toDataUri } from "./asset-fetcher";
import type { RenderedFile } from "./chromium/driver";
import { encodePng } from "./png-encoder";

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

interface VNode {
  type: string;
  props: { children?: VNode | VNode[] | string; src?: string; style?: Record<string, unknown> };
}

/** Satori never fetches: every image is fetched here, through the egress policy, and inlined. */
async function inlineImages(node: VNode | string | undefined, policy: EgressPolicy): Promise<void> {
  if (!node || typeof node === "string") return;
  if (node.type === "img" && node.props.src && !node.props.src.startsWith("data:")) {
    const asset = await fetchAsset(node.props.src, policy);
    if (asset.status < 200 || asset.status > 299) throw assetBlocked(node.props.src, `answered HTTP ${asset.status}`);
    node.props.src = toDataUri(asset.bytes, asset.contentType);
  }
  const children = node.props.children;
  await Promise.all((Array.isArray(children) ? children : [children]).map((child) => inlineImages(child as VNode | string | undefined, policy)));
}

/** A PNG from Satori's flexbox subset, in the Worker: markup to SVG (satori) to pixels (resvg). */
export async function renderSatoriPng(html: string, options: RenderOptions, policy: EgressPolicy): Promise<RenderedFile> {
  await initialise();
  const width = options.width ?? 1200;
  const height = options.height ?? 630;
  const tree = parseHtml(html.trim()) as unknown as VNode;
  await inlineImages(tree, policy);
  let svg: string;
  try {
    svg = await satori(tree as never, { width, height, fonts: FONTS });
  } catch (error) {
    throw new ServiceError("render_failed", `Satori could not lay out the card: ${(error as Error).message}`, { details: { stage: "layout", cause: (error as Error).message } });
  }
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
