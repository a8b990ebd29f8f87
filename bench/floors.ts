// The baselines Folio is measured against, on the same Chromium and the same markup.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import puppeteer, { type Browser } from "puppeteer-core";
import satori from "satori";
import { html as parseHtml } from "satori-html";
import { CHROMIUM_BASE_ARGS, chromiumBinary } from "../container/src/chromium-binary.ts";

const require = createRequire(import.meta.url);
/** The Chromium and fonts Folio renders with (container/src/chromium-binary.ts), so the floor is the same browser. */
export const CHROMIUM = chromiumBinary(process.env);

export function launch(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM.executablePath,
    env: { ...process.env, ...CHROMIUM.env },
    headless: true,
    args: [...CHROMIUM_BASE_ARGS],
  });
}

/** Chromium floor: a warm browser, a new page per job, setContent, page.pdf(). */
export async function chromiumFloor(browser: Browser, html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: "load" });
    return await page.pdf({ preferCSSPageSize: true, printBackground: true });
  } finally {
    await page.close();
  }
}

/** The naive peer: a browser launched for every render, as many hand-rolled services do. */
export async function naivePeer(html: string): Promise<Uint8Array> {
  const browser = await launch();
  try {
    return await chromiumFloor(browser, html);
  } finally {
    await browser.close();
  }
}

/** The same card screenshotted by Chromium at 1200x630. */
export async function chromiumCard(browser: Browser, html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1200, height: 630 });
    await page.setContent(`<html><body style="margin:0;width:1200px;height:630px">${html}</body></html>`, {
      waitUntil: "load",
    });
    return await page.screenshot({ type: "png" });
  } finally {
    await page.close();
  }
}

let resvgReady: Promise<void> | null = null;
const fonts = [400, 600, 700].map((weight) => ({
  name: "Inter",
  weight: weight as 400 | 600 | 700,
  style: "normal" as const,
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
}));

/** Satori floor: satori + resvg (the same wasm build the Worker uses) on the same markup, in Node. */
export async function satoriFloor(html: string): Promise<Uint8Array> {
  resvgReady ??= initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  await resvgReady;
  const svg = await satori(parseHtml(html) as never, { width: 1200, height: 630, fonts });
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: 1200 }, font: { loadSystemFonts: false } });
  try {
    return resvg.render().asPng();
  } finally {
    resvg.free();
  }
}
