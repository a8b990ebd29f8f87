// The studio in a real browser (playwright-core driving Folio's own Chromium), against the service as `npm run dev`
// starts it: a key, the fixture invoice written into the editors, the live preview, field and Liquid errors at
// their line, publishing, the version diff, copy as curl and a trial from a fresh browser.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anotherAddress, api, fixture, newKey } from "./client";
import {
  BASE,
  canvasData,
  editor,
  find,
  guard,
  launchBrowser,
  nextPreview,
  ORIGIN,
  type PageGlobals,
  paste,
  replaceInEditor,
  seqOf,
  snap,
} from "./studio-page";

/** Goes to the end of the first `needle` and replaces its last character by typing `last`. */
async function retypeLastCharacter(page: Page, id: string, needle: string, last: string) {
  await find(page, id, needle);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(last);
  await expect.poll(() => editor(page, id).locator(".cm-content").textContent()).toContain(needle.slice(0, -1) + last);
}

/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

// One journey: each test goes on from the page the test before left, so none is concurrent and the suite's config
// never shuffles (vitest.config.ts): the tests of a file run in the order written.
describe("the studio", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;
  const name = `invoice-studio-${process.pid}`;
  const source = fixture("invoice.liquid.html");
  const schema = fixture("invoice.schema.json");
  const data = fixture("invoice.data.json");

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
    page = await context.newPage();
    watch = guard(page);
    // An account of its own: an empty template list and its own preview window.
    key = await newKey();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("serves /studio as static assets and leaves the Worker's routes to the Worker", async () => {
    const studio = await fetch(`${BASE}/studio`);
    expect(studio.status).toBe(200);
    expect(studio.headers.get("content-type")).toMatch(/^text\/html/);
    // The browser itself holds the page to its origin.
    expect(studio.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(studio.headers.get("content-security-policy")).toMatch(/connect-src 'self'/);
    const html = await studio.text();
    expect(html).toContain("Folio Studio");
    // Everything the page loads is bundled under /studio/assets: no CDN.
    const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((url) => !url.startsWith("data:"));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset).toMatch(/^\/studio\/assets\//);
    expect((await fetch(`${BASE}/healthz`)).status).toBe(200);
    expect((await fetch(`${BASE}/openapi.json`)).headers.get("content-type")).toMatch(/json/);
    expect((await fetch(`${BASE}/v1/templates`)).status).toBe(401);
  });

  it("opens /studio and takes an API key, kept in session storage only", async () => {
    await page.goto("/studio");
    await expect.poll(() => page.isVisible("#signin")).toBe(true);
    watch.expected = [{ path: "/v1/templates", status: 401 }];
    await page.fill("#key-input", "folio_sk_not-a-real-key");
    await page.click("#key-submit");
    await expect.poll(() => page.textContent("#key-error")).toMatch(/not accepted/);
    watch.expected = [];
    await snap(page, "01-signin-refused");

    await page.fill("#key-input", key);
    await page.click("#key-submit");
    await page.waitForSelector("#studio:not([hidden])");
    const storage = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return {
        session: g.sessionStorage.getItem("folio.studio.apiKey"),
        local: g.localStorage.length,
        cookie: g.document.cookie,
      };
    });
    expect(storage).toEqual({ session: key, local: 0, cookie: "" });
    // A new account has no template: the studio offers to create one.
    await page.waitForSelector("#new-dialog[open]");
    await snap(page, "02-new-template");
  });

  it("creates a template from the fixture invoice and previews it as PDF pages", async () => {
    await page.fill("#new-name", name);
    await page.click("label.starter:has-text('Blank')");
    await page.click("#new-submit");
    await expect.poll(() => page.textContent("#doc-name")).toBe(name);

    await paste(page, "schema", schema);
    await paste(page, "example", data);
    const before = await seqOf(page);
    await paste(page, "source", source);
    await nextPreview(page, before);
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("ok");
    expect(await page.textContent("#preview-status")).toMatch(/1 page/);
    expect(await page.locator("#preview-pages canvas.page").count()).toBe(1);
    await snap(page, "03-invoice-preview");

    await page.click("#publish-button");
    expect(await page.textContent("#publish-title")).toBe(`Create ${name}`);
    await page.fill("#publish-message", "The fixture invoice");
    await page.click("#publish-submit");
    await page.waitForSelector('#version-list .version[data-version="1"]');
    await expect.poll(() => page.textContent("#doc-version")).toBe("v1");

    const stored = await api("GET", `/v1/templates/${name}@1`, undefined, key);
    expect(stored.status).toBe(200);
    expect(stored.json.source).toBe(source);
    expect(stored.json.schema).toEqual(JSON.parse(schema));
    expect(stored.json.example).toEqual(JSON.parse(data));
    expect(stored.json.message).toBe("The fixture invoice");
  });

  it("redraws the preview after an edit, without a request per keystroke", async () => {
    const before = await seqOf(page);
    const imageBefore = await canvasData(page);
    const requestsBefore = watch.previewRequests;
    const replacement = "Balance owed";
    await replaceInEditor(page, "source", "Total due", replacement);
    await nextPreview(page, before);
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("ok");
    const imageAfter = await canvasData(page);
    expect(imageAfter).not.toBe(imageBefore);
    await snap(page, "04-edited");
    // Debounced: the keystrokes of "Balance owed" made far fewer previews than keystrokes.
    expect(watch.previewRequests - requestsBefore).toBeLessThan(replacement.length);
    await expect.poll(() => page.isVisible("#doc-dirty")).toBe(true);
  });

  it("lists the preview's template warnings as problems without stopping the preview", async () => {
    // A clock read renders, with the date of the preview's request, and is a warning.
    const dated = "Balance owed {{ 'now' | date: '%Y' }}";
    const before = await seqOf(page);
    await replaceInEditor(page, "source", "Balance owed", dated);
    await nextPreview(page, before);
    const warning = page.locator("#problem-list .problem-warning");
    await warning.first().waitFor({ timeout: 30_000 });
    expect(await warning.getAttribute("data-path")).toBe("source");
    expect(await warning.textContent()).toContain("prints the date of the render request");
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("warn");
    await snap(page, "04b-warning");
    const after = await seqOf(page);
    await replaceInEditor(page, "source", dated, "Balance owed");
    await nextPreview(page, after);
    await expect.poll(() => page.locator("#problem-list .problem-warning").count()).toBe(0);
  });

  it("shows data that breaks the schema as a field error at its line in the example", async () => {
    watch.expected = [{ path: "/v1/previews", status: 422 }];
    const before = await seqOf(page);
    await retypeLastCharacter(page, "example", `"quantity": 3`, "0");
    const marked = editor(page, "example").locator(".cm-line:has(.cm-inline-diagnostic-error)");
    await marked.waitFor({ timeout: 30_000 });
    expect(await marked.count()).toBe(1);
    expect(await marked.textContent()).toContain(`"quantity": 0`);
    expect(await marked.locator(".cm-inline-diagnostic-error").textContent()).toMatch(/quantity must be at least 1/);
    // The line is the one that holds the value: the fixture's first `"quantity": 3`.
    const line = lineOf(data, `"quantity": 3`);
    const problem = page.locator("#problem-list .problem-error");
    expect(await problem.count()).toBe(1);
    expect(await problem.getAttribute("data-path")).toBe("data.items[1].quantity");
    expect(await problem.textContent()).toContain(`Example data · line ${line}`);
    expect(await page.textContent('.tabs [data-tab="example"] .count')).toBe("1");
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("error");
    expect(await page.isVisible("#preview-banner")).toBe(true);
    expect(await seqOf(page)).toBe(before); // the last good preview stays, marked out of date
    expect(watch.previewStatuses).toContain(422);
    await snap(page, "05-field-error");

    // Fixing the value clears the error and brings the preview back.
    await retypeLastCharacter(page, "example", `"quantity": 0`, "3");
    await nextPreview(page, before);
    await expect.poll(() => page.textContent("#problem-list")).toBe("");
    await expect.poll(() => editor(page, "example").locator(".cm-inline-diagnostic").count()).toBe(0);
    watch.expected = [];
  });

  it("shows a Liquid error at its line in the source", async () => {
    watch.expected = [{ path: "/v1/previews", status: 500 }];
    const before = await seqOf(page);
    await replaceInEditor(page, "source", "date_medium", "date_mediun");
    const marked = editor(page, "source").locator(".cm-line:has(.cm-inline-diagnostic-error)");
    await marked.waitFor({ timeout: 30_000 });
    expect(await marked.textContent()).toContain("date_mediun");
    expect(await page.textContent("#problem-list .problem-error")).toContain(
      `Source · line ${lineOf(source, "| date_medium }}")}`,
    );
    expect(watch.previewStatuses).toContain(500);
    await snap(page, "06-liquid-error");

    await replaceInEditor(page, "source", "date_mediun", "date_medium");
    await nextPreview(page, before);
    await expect.poll(() => page.textContent("#problem-list")).toBe("");
    watch.expected = [];
  });

  it("publishes a second version with a message", async () => {
    await page.click("#publish-button");
    expect(await page.textContent("#publish-title")).toBe(`Publish ${name} v2`);
    await page.fill("#publish-message", "Say balance owed");
    await snap(page, "07-publish-v2");
    await page.click("#publish-submit");
    await page.waitForSelector('#version-list .version[data-version="2"]');
    await expect.poll(() => page.textContent("#doc-version")).toBe("v2");
    expect(await page.isVisible("#doc-dirty")).toBe(false);
    expect(await page.textContent('#version-list .version[data-version="2"]')).toContain("Say balance owed");

    const versions = await api("GET", `/v1/templates/${name}/versions`, undefined, key);
    expect(versions.json.data.map((v: { version: number; message: string }) => [v.version, v.message]).sort()).toEqual([
      [1, "The fixture invoice"],
      [2, "Say balance owed"],
    ]);
    const v2 = await api("GET", `/v1/templates/${name}@2`, undefined, key);
    expect(v2.json.source).toBe(source.replace("Total due", "Balance owed"));
  });

  it("opens the source diff between v1 and v2", async () => {
    await page.click("#compare-button");
    await page.waitForSelector("#diff-dialog[open]");
    expect(await page.inputValue("#diff-a")).toBe("1");
    expect(await page.inputValue("#diff-b")).toBe("2");
    await page.waitForSelector('#diff-host[data-state="ready"] .cm-mergeView');
    expect(await page.getAttribute("#diff-host", "data-pair")).toBe("1:2:source");
    const removed = page.locator("#diff-host .cm-merge-a .cm-changedLine");
    const added = page.locator("#diff-host .cm-merge-b .cm-changedLine");
    expect(await removed.count()).toBe(1);
    expect(await added.count()).toBe(1);
    expect(await removed.textContent()).toContain("Total due");
    expect(await added.textContent()).toContain("Balance owed");
    await snap(page, "08-diff");
    await page.click("#diff-dialog [data-close]");
  });

  it("copies the render request as curl, which renders, and lists the render with its link", async () => {
    await page.click("#curl-button");
    const command = (await page.textContent("#curl-text"))!;
    expect(command).toContain(`${ORIGIN}/v1/render`);
    expect(command).toContain("$FOLIO_API_KEY");
    expect(command).not.toContain(key);
    await snap(page, "09-curl");
    await page.check("#curl-key");
    await page.click("#curl-copy");
    const copied = await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
    expect(copied).toContain(`Bearer ${key}`);
    await page.click("#curl-dialog [data-close]");

    // Run what was copied: its JSON body is the render request.
    const body = JSON.parse(/-d '([\s\S]*)'$/.exec(copied)![1]!.replace(/'\\''/g, "'"));
    expect(body).toEqual({ template: `${name}@2`, data: JSON.parse(data) });
    const render = await api("POST", "/v1/render", body, key);
    expect(render.status).toBe(200);

    await page.click("#renders-refresh");
    const link = page.locator(`#render-list [data-render="${render.json.id}"] a.item`);
    await link.waitFor();
    expect(await link.textContent()).toContain(`${name}@2`);
    await snap(page, "10-renders");
    // A fresh signed link on the service's own origin, which serves the PDF.
    const href = (await link.getAttribute("href"))!;
    expect(href.startsWith(`${ORIGIN}/v1/files/`)).toBe(true);
    const file = await fetch(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
  });

  it("never sent a request off the origin nor logged a console error", () => {
    expect(watch.problems).toEqual([]);
  });

  it("starts a trial from a fresh browser context and previews with its key", async () => {
    const fresh = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: BASE,
      extraHTTPHeaders: anotherAddress(),
    });
    try {
      const trialPage = await fresh.newPage();
      const trialWatch = guard(trialPage);
      await trialPage.goto("/studio");
      await trialPage.click("#trial-button");
      await trialPage.waitForSelector("#trial-dialog[open]");
      await snap(trialPage, "11-trial");
      const trialKey = (await trialPage.textContent("#trial-key"))!.trim();
      expect(trialKey).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
      expect(
        await trialPage.evaluate(() =>
          (globalThis as unknown as PageGlobals).sessionStorage.getItem("folio.studio.apiKey"),
        ),
      ).toBe(trialKey);
      await trialPage.click("#trial-dialog [data-close]");
      await expect.poll(() => trialPage.textContent("#account-plan")).toMatch(/Trial · 50 of 50 left/);

      const usage = await api("GET", "/v1/usage", undefined, trialKey);
      expect(usage.json.trial).toMatchObject({ renders_total: 50, renders_remaining: 50 });

      // Closing the key leads straight to a new template, from the "Hello page" starter.
      await trialPage.waitForSelector("#new-dialog[open]");
      await trialPage.fill("#new-name", "hello");
      await trialPage.click("#new-submit");
      await nextPreview(trialPage, "0");
      expect(await trialPage.getAttribute("#preview-status", "data-state")).toBe("ok");
      expect(await trialPage.locator("#preview-pages canvas.page").count()).toBe(1);
      await snap(trialPage, "12-trial-hello");
      expect(trialWatch.problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
