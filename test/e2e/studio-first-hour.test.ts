// A newcomer's first hour with the studio, in a real browser: the gallery's documents render through the service,
// a template without example data opens on a friendly empty state, twelve templates leave the Versions panel in
// view, the preview zooms, counts and thumbnails its pages and downloads its file, the example data has a form,
// a typed closing tag is not doubled, unsaved edits are guarded, and a phone shows every pane without overlap.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GALLERY, starterTexts } from "../../web/src/templates/starter-files";
import { joinInvoiceXml } from "../../web/src/xml/invoice-xml-text";
import { AUTHORING_CASES, EXAMPLE } from "../pdfua/authoring-cases";
import { api, download, fixture, fixtureJson, inspectPdf, newKey } from "./client";
import { BASE, editor, guard, launchBrowser, nextPreview, replaceInEditor, seqOf, signIn, snap } from "./studio-page";

const ROOT = new URL("../../", import.meta.url);
const readRepo = (path: string) => {
  try {
    return readFileSync(new URL(path, ROOT), "utf8");
  } catch {
    return undefined;
  }
};
/** The gallery as the studio shows it: the documents whose fixture files are in the checkout. */
const gallery = GALLERY.flatMap((entry) => {
  const texts = starterTexts(entry, readRepo);
  return texts ? [{ entry, texts }] : [];
});
const NO_EXAMPLE = "facturx-no-example";
const PDFUA_PAGE = "accessible-order";

async function openTemplate(page: Page, name: string) {
  const before = await seqOf(page);
  await page.click(`#template-list [data-template="${name}"]`);
  await expect.poll(() => page.textContent("#doc-name")).toBe(name);
  await nextPreview(page, before);
}

/** The bounding box of a selector, failing when it is not shown. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the studio, a newcomer's first hour", () => {
  let browser: Browser;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    key = await newKey();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders every document of the starter gallery through the service", async () => {
    expect(gallery.map((g) => g.entry.id)).toEqual(
      expect.arrayContaining(["invoice", "receipt", "certificate", "shipping-label", "report"]),
    );
    const rendered = await Promise.all(
      gallery.map(async ({ entry, texts }) => {
        const name = `starter-${entry.id}`;
        const definition = {
          name,
          source: texts.source,
          schema: JSON.parse(texts.schema),
          example: JSON.parse(texts.example),
          // An e-invoice starter's XML is in its own editor, put back into the options as the studio does.
          options: joinInvoiceXml(JSON.parse(texts.options), texts.xml),
        };
        expect((await api("POST", "/v1/templates", definition, key)).status).toBe(201);
        const render = await api("POST", "/v1/render", { template: name, data: definition.example }, key);
        expect(render.status, `${name}: ${JSON.stringify(render.json)}`).toBe(200);
        // A UBL starter renders its XML (test/e2e/e-invoice-starters.test.ts reads it); the others a PDF.
        if (render.json.format === "xml") return { id: entry.id, pages: 0, text: "" };
        const pdf = await inspectPdf((await download(render.json.url)).bytes);
        // What a template made from it reserves (folio init --from writes it) is what its example prints to.
        expect(pdf.pages, entry.id).toBe(entry.expectedPages);
        return { id: entry.id, pages: pdf.pages, text: pdf.text };
      }),
    );
    const byId = Object.fromEntries(rendered.map((r) => [r.id, r]));
    expect(byId.receipt?.text).toContain("Bäckerei Sonnenschein");
    expect(byId.certificate?.text).toContain("Ada Lovelace");
    expect(byId["shipping-label"]?.text).toContain("NL 4821 9930 1177 SE");
    // The report runs over several pages, each footer counting them.
    const report = byId.report;
    expect(report?.pages).toBeGreaterThan(1);
    const pages = report?.text.split("\f") ?? [];
    for (const [i, text] of pages.entries()) expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
  });

  it("opens on a friendly empty state for a template without example data, not a page of errors", async () => {
    // As docs/document-finishing.md's Factur-X template: a schema that requires fields, and no example. Created last, it is
    // the first in the list, so the studio opens it on signing in. Six more make twelve templates.
    // One of them a `pdfua` page with an image without alt (test/pdfua/authoring-cases.ts), opened further down.
    const { source, example } = { source: AUTHORING_CASES["image-without-alt"]?.source, example: EXAMPLE };
    await api("POST", "/v1/templates", { name: PDFUA_PAGE, source, example, options: { pdfua: "1" } }, key);
    for (let i = 1; i <= 12 - gallery.length - 2; i++)
      await api("POST", "/v1/templates", { name: `letter-${i}`, source: "<p>{{ n }}</p>", example: { n: i } }, key);
    const schema = fixtureJson("invoice.schema.json");
    const created = await api(
      "POST",
      "/v1/templates",
      { name: NO_EXAMPLE, source: fixture("invoice.liquid.html"), schema },
      key,
    );
    expect(created.status).toBe(201);

    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
    watch = guard(page);
    await signIn(page, key);
    await expect.poll(() => page.textContent("#doc-name")).toBe(NO_EXAMPLE);
    await expect.poll(() => page.textContent("#preview-empty")).toMatch(/no example data yet/);
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("idle");
    expect(await page.locator("#problem-list .problem-error").count()).toBe(0);
    await snap(page, "first-01-no-example");
  });

  it("keeps the Versions panel in view beside twelve templates", async () => {
    expect(await page.locator("#template-list .item").count()).toBe(12);
    const templates = await box(page, ".side-section.grow");
    const versions = await box(page, "#version-list");
    expect(versions.y).toBeGreaterThanOrEqual(templates.y + templates.height);
    expect(versions.y + versions.height).toBeLessThanOrEqual(900);
    // The versions are fetched after the template opens: wait for them, as a user's eye would.
    await expect.poll(() => page.isVisible('#version-list .version[data-version="1"]')).toBe(true);
    // The list scrolls inside its own section: its last template can be reached.
    await page.locator("#template-list li:last-child .item").scrollIntoViewIfNeeded();
    expect(await page.locator("#template-list li:last-child .item").isVisible()).toBe(true);
  });

  it("zooms the preview, fits it to the pane, counts and thumbnails its pages and downloads its file", async () => {
    await openTemplate(page, "starter-report");
    const total = Number(await page.getAttribute("#preview-pages", "data-pages"));
    expect(total).toBeGreaterThan(1);
    expect(await page.textContent("#page-indicator")).toBe(`page 1 / ${total}`);
    expect(await page.locator("#preview-thumbs .thumb").count()).toBe(total);
    await page.click(`#preview-thumbs .thumb[data-page="${total}"]`);
    await expect.poll(() => page.textContent("#page-indicator")).toBe(`page ${total} / ${total}`);
    expect(await page.getAttribute(`#preview-thumbs .thumb[data-page="${total}"]`, "aria-current")).toBe("");
    await snap(page, "first-02-report-pages");

    const pageWidth = async () => (await box(page, "#preview-pages .page")).width;
    const pane = await page.evaluate(
      () =>
        (
          globalThis as unknown as { document: { getElementById(id: string): { clientWidth: number } } }
        ).document.getElementById("preview-scroll").clientWidth,
    );
    const fitted = await pageWidth();
    expect(fitted).toBeLessThanOrEqual(pane);
    expect(fitted).toBeGreaterThan(pane - 60);
    const fittedLevel = await page.textContent("#zoom-level");
    await page.click("#zoom-in");
    await expect.poll(pageWidth).toBeGreaterThan(fitted * 1.1);
    expect(await page.textContent("#zoom-level")).not.toBe(fittedLevel);
    // A zoom draws the pages again: the thumbnails still take the reader to their page, there and back.
    await page.click('#preview-thumbs .thumb[data-page="1"]');
    await expect.poll(() => page.textContent("#page-indicator")).toBe(`page 1 / ${total}`);
    await page.click(`#preview-thumbs .thumb[data-page="${total}"]`);
    await expect.poll(() => page.textContent("#page-indicator")).toBe(`page ${total} / ${total}`);
    expect(await page.getAttribute("#zoom-fit", "aria-pressed")).toBe("false");
    await page.click("#zoom-out");
    await page.click("#zoom-out");
    await expect.poll(pageWidth).toBeLessThan(fitted);
    await snap(page, "first-03-zoomed-out");
    await page.click("#zoom-fit");
    await expect.poll(pageWidth).toBe(fitted);

    const [file] = await Promise.all([page.waitForEvent("download"), page.click("#preview-download")]);
    expect(file.suggestedFilename()).toBe("starter-report-preview.pdf");
    const bytes = readFileSync((await file.path()) ?? "");
    expect((await inspectPdf(bytes)).pages).toBe(total);
  });

  it("edits the example data with a form generated from the schema, two-way with the JSON", async () => {
    await openTemplate(page, "starter-invoice");
    await page.click('.tabs [data-tab="example"]');
    const customerName = page.locator(
      '#data-form fieldset:has(> legend:text-is("Customer *")) label:has(> span:text-is("Name *")) input',
    );
    expect(await customerName.inputValue()).toBe("Acme Logistics GmbH");
    const exampleText = () => editor(page, "example").locator(".cm-content").textContent();

    // Form → JSON, and a new preview.
    let before = await seqOf(page);
    await customerName.fill("Globex Corporation");
    await expect.poll(exampleText).toContain('"name": "Globex Corporation"');
    await nextPreview(page, before);
    expect(await page.getAttribute("#preview-status", "data-state")).toBe("ok");
    await expect.poll(() => page.isVisible("#doc-dirty")).toBe(true);

    // A row added in the form becomes an item, filled with what the schema requires.
    const itemsGroup = '#data-form fieldset:has(> legend:text-is("Items *")) > .form-rows';
    await page.click(`${itemsGroup} > button`);
    await expect.poll(() => page.locator(`${itemsGroup} > .form-row`).count()).toBe(9);
    await snap(page, "first-04-data-form");

    // JSON → form, once typing pauses.
    before = await seqOf(page);
    await replaceInEditor(page, "example", "Globex Corporation", "Initech");
    await expect.poll(() => customerName.inputValue()).toBe("Initech");
    await nextPreview(page, before);

    // What the form wrote is what gets published.
    await page.click("#publish-button");
    await page.click("#publish-submit");
    await expect.poll(() => page.textContent("#doc-version")).toBe("v2");
    const published = await api("GET", "/v1/templates/starter-invoice@2", undefined, key);
    expect(published.json.example.customer.name).toBe("Initech");
    expect(published.json.example.items).toHaveLength(9);
    expect(published.json.example.items[8]).toEqual({ description: "", quantity: 1, unit_price: 0 });
  });

  it("keeps a closing tag, a Liquid tag's %} and an output's }} typed after the ones the editor inserted single", async () => {
    await page.click("#new-button");
    await page.fill("#new-name", "typed-tags");
    // The gallery is offered: the hello page, its documents and a blank page.
    expect(await page.locator("#starter-list label.starter").count()).toBe(gallery.length + 2);
    await snap(page, "first-05-gallery");
    await page.click("label.starter:has-text('Blank')");
    await page.click("#new-submit");
    await expect.poll(() => page.textContent("#doc-name")).toBe("typed-tags");
    await editor(page, "source").locator(".cm-content").click();
    // `<p>` makes `<p>|</p>`; a person types the closing tag anyway.
    await page.keyboard.type("<p>Hi</p>");
    await page.keyboard.press("Enter");
    await page.keyboard.type("<ul><li>a</li></ul>");
    // `{%` makes `{%|%}` and `{{` makes `{{|}}`; a person types the `%}` and `}}` anyway.
    await page.keyboard.press("Enter");
    await page.keyboard.type("{% if x %}Yes{% endif %}");
    await page.keyboard.press("Enter");
    await page.keyboard.type("{{ name }} and {{ 'a' | upcase }}");
    await expect
      .poll(() => editor(page, "source").locator(".cm-line").allTextContents())
      .toEqual(["<p>Hi</p>", "<ul><li>a</li></ul>", "{% if x %}Yes{% endif %}", "{{ name }} and {{ 'a' | upcase }}"]);
  });

  it("flags a Liquid tag closed twice, and one left unclosed, at their line", async () => {
    // The draft typed above: line 3 is `{% if x %}Yes{% endif %}`.
    const problem = (severity: string) => page.locator(`#problem-list .problem-${severity}`);
    const before = await seqOf(page);
    await replaceInEditor(page, "source", "%}Yes", "%}%}Yes");
    await nextPreview(page, before);
    await problem("warning").first().waitFor({ timeout: 30_000 });
    expect(await problem("warning").textContent()).toMatch(/second %\} right after \{% if x %\}.*Source · line 3/);
    const marked = editor(page, "source").locator(".cm-line:has(.cm-inline-diagnostic-warning)");
    expect(await marked.textContent()).toMatch(/^\{% if x %\}%\}Yes\{% endif %\}source has a second/);
    await snap(page, "first-05b-stray-delimiter");

    watch.expected = [{ path: "/v1/previews", status: 400 }];
    await replaceInEditor(page, "source", "%}%}Yes{% endif %}", "%}Yes");
    await problem("error").first().waitFor({ timeout: 30_000 });
    expect(await problem("error").textContent()).toMatch(/tag \{% if x %\} not closed.*Source · line 3/);
    await replaceInEditor(page, "source", "{% if x %}Yes", "{% if x %}Yes{% endif %}");
    await expect.poll(() => page.textContent("#problem-list")).toBe("");
    watch.expected = [];
  });

  it("places a pdfua page's accessibility warning at its line in the source", async () => {
    await openTemplate(page, PDFUA_PAGE);
    const warning = page.locator('#problem-list .problem-warning:has-text("<img> has no alt")');
    await warning.first().waitFor({ timeout: 30_000 });
    const line = AUTHORING_CASES["image-without-alt"]?.line;
    expect(await warning.first().textContent()).toMatch(new RegExp(`13-004.*Source · line ${line}`));
    const marked = editor(page, "source").locator(".cm-line:has(.cm-inline-diagnostic-warning)", { hasText: "<img" });
    expect(await marked.textContent()).toMatch(/^<img width="8".*has no alt/);
    await snap(page, "first-05c-accessibility");
  });

  it("creates a template from the Report starter that reserves the pages its example comes to", async () => {
    await page.click("#new-button");
    await page.fill("#new-name", "my-report");
    await page.click("label.starter:has-text('Report')");
    const before = await seqOf(page);
    await page.click("#new-submit");
    await nextPreview(page, before);
    const pages = Number(await page.getAttribute("#preview-pages", "data-pages"));
    expect(pages).toBe(3);
    await page.click("#publish-button");
    await page.click("#publish-submit");
    await expect.poll(() => page.textContent("#doc-version")).toBe("v1");
    const created = await api("GET", "/v1/templates/my-report", undefined, key);
    expect(created.json.expected_pages).toBe(pages);
  });

  it("asks before Load replaces unsaved edits, and before the tab is reloaded with edits unsaved", async () => {
    await openTemplate(page, "starter-invoice");
    await replaceInEditor(page, "source", "Total due", "Amount due");
    await expect.poll(() => page.isVisible("#doc-dirty")).toBe(true);
    const source = () => editor(page, "source").locator(".cm-content").textContent();

    // Load v1: a confirm; dismissed, the edits stay.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.click('#version-list .version[data-version="1"] button:has-text("Load")');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/^confirm: starter-invoice has unsaved changes\. Loading v1 replaces them/);
    expect(await source()).toContain("Amount due");

    // Reloading the tab: the browser's own question; dismissed, the page and its edits stay.
    const reload = page.waitForEvent("dialog");
    void page.evaluate(() => (globalThis as unknown as { location: { reload(): void } }).location.reload());
    const question = await reload;
    expect(question.type()).toBe("beforeunload");
    await question.dismiss();
    expect(await source()).toContain("Amount due");

    // Accepted, Load replaces them with v1's texts.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.click('#version-list .version[data-version="1"] button:has-text("Load")');
    await expect.poll(source).not.toContain("Amount due");
    expect(await source()).toContain("Total due");
    expect(watch.problems).toEqual([]);
  });

  it("shows the preview and the lists at phone width, no pane over another and no tab cut off", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, baseURL: BASE });
    try {
      const phoneWatch = guard(phone);
      // The sign-in card fits the screen, and the page does not scroll sideways.
      await phone.goto("/studio");
      const card = await box(phone, ".signin-card");
      expect(card.x).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width).toBeLessThanOrEqual(390);
      const pageWidth = () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth;
      expect(await phone.evaluate(pageWidth)).toBe(390);
      await signIn(phone, key);
      await openTemplate(phone, "starter-report");
      const panes = await Promise.all([".topbar", ".preview", ".sidebar", ".workbench"].map((s) => box(phone, s)));
      for (const [i, a] of panes.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(390);
        for (const b of panes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
      }
      // Every control a reader uses is whole on the screen.
      const controls = [".tabs [data-tab]", ".preview-bar button", ".topbar button", "#template-list .item"];
      for (const selector of controls)
        for (const control of await phone.locator(selector).all()) {
          const at = await control.boundingBox();
          if (!at) continue;
          expect(at.x, selector).toBeGreaterThanOrEqual(0);
          expect(at.x + at.width, selector).toBeLessThanOrEqual(390);
        }
      expect(await phone.locator("#preview-pages canvas.page").count()).toBeGreaterThan(1);
      await snap(phone, "first-06-phone", { fullPage: true });
      expect(phoneWatch.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
