// What the studio's browser tests share: the one Chromium they drive (playwright-core with Folio's own binary),
// a watch over each page for requests off the origin and console errors, screenshots on demand, and the ways
// a person types into the editors and waits for the preview.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { chromiumBinary } from "../../container/src/chromium-binary.ts";

export const BASE = inject("baseUrl");
/** STUDIO_SCREENSHOTS=<dir> keeps a screenshot of every step there, to look at the studio as a user does. */
const SHOTS = process.env.STUDIO_SCREENSHOTS;
export const ORIGIN = new URL(BASE).origin;
// The one Chromium Folio renders with, and its fonts (container/src/chromium-binary.ts).
const CHROMIUM = chromiumBinary(process.env);

/** The one headless Chromium a studio test drives. */
export const launchBrowser = () =>
  chromium.launch({
    executablePath: CHROMIUM.executablePath,
    env: { ...process.env, ...CHROMIUM.env },
    headless: true,
  });

/**
 * Records what must never happen on a studio page: a request to another origin, an uncaught error, a console
 * error. A request the test makes fail on purpose (a wrong key, broken data) answers 4xx/5xx, which Chromium
 * logs as "Failed to load resource": only those the current step expects (path and status) are let through.
 */
export function guard(page: Page) {
  const state = {
    problems: [] as string[],
    expected: [] as Array<{ path: string; status: number }>,
    previewRequests: 0,
    previewStatuses: [] as number[],
    /** Previews sent and not yet answered (an aborted one counts as answered). */
    previewsOpen: 0,
  };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:") return;
    if (url.origin !== ORIGIN) state.problems.push(`a request left the origin: ${request.method()} ${request.url()}`);
    if (url.pathname === "/v1/previews") {
      state.previewRequests++;
      state.previewsOpen++;
    }
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname !== "/v1/previews") return;
    state.previewStatuses.push(response.status());
    state.previewsOpen--;
  });
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname === "/v1/previews") state.previewsOpen--;
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const status = Number(/the server responded with a status of (\d{3})/.exec(message.text())?.[1]);
    const path = new URL(message.location().url || BASE).pathname;
    if (status && state.expected.some((e) => e.path === path && e.status === status)) return;
    state.problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => state.problems.push(`uncaught error: ${error.message}`));
  return state;
}

export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), ...options });
}

export const editor = (page: Page, id: string) => page.locator(`[data-editor-host="${id}"]`);
export const seqOf = async (page: Page) => (await page.getAttribute("#preview-pages", "data-seq")) ?? "0";
// Page functions, not strings: the studio's CSP refuses eval, and Playwright evaluates strings with it.
// (The root tsconfig has no DOM library: the page's globals are reached through `globalThis`.)
/** The page's elements the tests read: data attributes, and the preview's canvas. */
export type PageElement = { dataset: Record<string, string | undefined>; toDataURL(type: string): string };
export type PageStorage = { getItem(key: string): string | null; readonly length: number };
export type PageGlobals = {
  document: { querySelector(selectors: string): PageElement; readonly cookie: string };
  sessionStorage: PageStorage;
  localStorage: PageStorage;
  navigator: { clipboard: { readText(): Promise<string> } };
};
export const canvasData = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as PageGlobals).document.querySelector("#preview-pages canvas.page").toDataURL("image/png"),
  );

/** Waits for a preview newer than `after` to be drawn. */
export async function nextPreview(page: Page, after: string) {
  await page.waitForFunction(
    (previous) => {
      const { document } = globalThis as unknown as PageGlobals;
      return (
        Number(document.querySelector("#preview-pages").dataset.seq) > previous &&
        document.querySelector("#preview-status").dataset.state !== "busy"
      );
    },
    Number(after),
    { timeout: 30_000 },
  );
}

/** Replaces an editor's whole text the way a paste does. */
export async function paste(page: Page, id: string, text: string) {
  await page.click(`.tabs [data-tab="${id}"]`);
  await editor(page, id).locator(".cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(text);
}

/** Selects the first `needle` with the editor's own search (Ctrl+F), as a person finds a place to edit. */
export async function find(page: Page, id: string, needle: string) {
  await page.click(`.tabs [data-tab="${id}"]`);
  await editor(page, id).locator(".cm-content").click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("Control+f");
  const search = editor(page, id).locator(".cm-search input[name=search]");
  // Typed, not filled: the panel takes its query on keyup.
  await search.press("Control+a");
  await search.pressSequentially(needle);
  await search.press("Enter");
  await search.press("Escape");
}

/** Types `replacement` over the first `needle` (plain words: the editor closes brackets and quotes as typed). */
export async function replaceInEditor(page: Page, id: string, needle: string, replacement: string) {
  await find(page, id, needle);
  await page.keyboard.type(replacement);
  await expect.poll(() => editor(page, id).locator(".cm-content").textContent()).toContain(replacement);
}

/** Signs in with `key` as a person does, and waits for the studio to show. */
export async function signIn(page: Page, key: string) {
  await page.goto("/studio");
  await page.fill("#key-input", key);
  await page.click("#key-submit");
  await page.waitForSelector("#studio:not([hidden])");
}
