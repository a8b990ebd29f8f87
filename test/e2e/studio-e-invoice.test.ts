// The studio's e-invoice XML view in a real browser against the real service: a Factur-X template whose XML breaks
// EN 16931 rules shows each violation at the line of the element the rule names, and a valid Peppol BIS (UBL)
// template shows none. The lines are checked against the service's own XML preview of the same template.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTemplate, fixture, fixtureJson, newKey } from "./client";
import { BASE, guard, launchBrowser, replaceInEditor, snap } from "./studio-page";

/** The fixture's Factur-X XML with the seller's VAT id left out: BR-CO-26, and BR-S-02 on each standard-rated line. */
const INVALID_XML = fixture("invoice.facturx.xml.liquid").replace(
  "{%- if who.vat_id %}",
  '{%- if who.vat_id and role == "Buyer" %}',
);
const FACTUR_X = { standard: "factur-x", profile: "en16931", xml: INVALID_XML };
const PEPPOL = { standard: "ubl", cius: "peppol-bis-3", xml: fixture("invoice.ubl.xml.liquid") };

/** The 1-based line of the first occurrence of `needle` in `text`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

describe("the studio's e-invoice XML view", () => {
  let browser: Browser;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;
  const templates = { invalid: "", peppol: "" };
  const definition = (e_invoice: object) => ({
    source: fixture("invoice.liquid.html"),
    schema: fixtureJson("invoice.schema.json"),
    example: fixtureJson("invoice.data.json"),
    options: { e_invoice },
  });
  /** The XML the service previews for a template's definition, as an API caller gets it. */
  const servedXml = async (e_invoice: object) => {
    const { source, schema, example, options } = definition(e_invoice);
    const res = await fetch(`${BASE}/v1/previews`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ source, schema, options, data: example, format: "xml" }),
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** Opens a template and waits for an XML view newer than the one shown. */
  const openXml = async (name: string) => {
    const before = Number(await page.getAttribute("#xml-view", "data-seq"));
    await page.click(`#template-list [data-template="${name}"]`);
    await page.waitForFunction(
      (previous) => {
        const { document } = globalThis as unknown as {
          document: { querySelector(s: string): { dataset: Record<string, string> } };
        };
        return Number(document.querySelector("#xml-view").dataset.seq) > previous;
      },
      before,
      { timeout: 30_000 },
    );
  };
  const xmlEditor = () => page.locator("#xml-editor");

  beforeAll(async () => {
    key = await newKey();
    templates.invalid = await createTemplate({ name: "facturx-broken", ...definition(FACTUR_X) }, key);
    templates.peppol = await createTemplate({ name: "peppol", ...definition(PEPPOL) }, key);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
    page = await context.newPage();
    watch = guard(page);
    await page.goto("/studio");
    await page.fill("#key-input", key);
    await page.click("#key-submit");
    await page.waitForSelector(`#template-list [data-template="${templates.invalid}"]`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("offers the XML view for a template with an e-invoice, and marks each violation at its element's line", async () => {
    await page.click(`#template-list [data-template="${templates.invalid}"]`);
    await page.waitForSelector("#xml-toggle:not([hidden])");
    await page.waitForSelector("#preview-pages canvas.page");
    // Offered as the last format, the bar still holds formats, zoom, status and download on one line at 1440.
    const status = await page.locator("#preview-status").boundingBox();
    const pdf = await page.locator('.preview-bar [data-format="pdf"]').boundingBox();
    expect(status && pdf && status.y < pdf.y + pdf.height && pdf.y < status.y + status.height).toBe(true);
    await snap(page, "xml-00-offered");
    await page.click("#xml-toggle");
    expect(await page.getAttribute('.preview-bar [data-format="pdf"]', "aria-pressed")).toBe("false");
    await page.waitForSelector('#xml-view:not([data-seq="0"]) #xml-violation-list [data-rule="BR-CO-26"]');
    expect(await page.isVisible("#preview-body")).toBe(false);

    const xml = await servedXml(FACTUR_X);
    const sellerLine = lineOf(xml, "<ram:SellerTradeParty>");
    const seller = page.locator('#xml-violation-list [data-rule="BR-CO-26"]');
    expect(await seller.getAttribute("data-line")).toBe(String(sellerLine));
    expect(await seller.textContent()).toContain(`line ${sellerLine}`);
    // BR-S-02 once per standard-rated line, each at its line's tax element.
    const lineTaxes = page.locator('#xml-violation-list [data-rule="BR-S-02"]');
    expect(await lineTaxes.count()).toBe(fixtureJson("invoice.data.json").items.length);
    expect(await lineTaxes.first().getAttribute("data-line")).toBe(String(lineOf(xml, "<ram:ApplicableTradeTax>")));
    expect(await page.textContent("#xml-summary")).toMatch(/rule violations \(\d+ fatal\)/);
    await snap(page, "xml-01-violations");

    // The list's item jumps to its line, which the editor marks with the rule and its message.
    await seller.click();
    const active = xmlEditor().locator(".cm-activeLine");
    await expect.poll(() => active.textContent()).toContain("<ram:SellerTradeParty>");
    expect(await active.locator(".cm-inline-diagnostic-error").textContent()).toMatch(/^BR-CO-26: /);
    expect(await xmlEditor().locator(".cm-lineNumbers .cm-activeLineGutter").textContent()).toBe(String(sellerLine));
    await lineTaxes.first().click();
    await expect.poll(() => active.textContent()).toContain("<ram:ApplicableTradeTax>");
    expect(await active.locator(".cm-inline-diagnostic-error").textContent()).toMatch(/^BR-S-02: /);
    expect(await xmlEditor().locator(".cm-lint-marker-error").count()).toBeGreaterThan(0);
    // The XML wraps inside the pane, its long messages too: nothing is cut off at the right.
    const scroller = xmlEditor().locator(".cm-scroller");
    expect(await scroller.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    await snap(page, "xml-02-jumped");
  });

  it("follows the draft as it is edited, without a request per keystroke", async () => {
    const before = Number(await page.getAttribute("#xml-view", "data-seq"));
    const requests = watch.previewRequests;
    const buyer = "Globex Freight AG";
    await replaceInEditor(page, "example", "Acme Logistics GmbH", buyer);
    await expect
      .poll(async () => Number(await page.getAttribute("#xml-view", "data-seq")), { timeout: 30_000 })
      .toBeGreaterThan(before);
    // The buyer follows the seller in the XML: jumping to the seller's violation brings it into view.
    await page.click('#xml-violation-list [data-rule="BR-CO-26"]');
    await page.locator("#xml-editor .cm-content").getByText(buyer).first().waitFor({ timeout: 30_000 });
    expect(watch.previewRequests - requests).toBeLessThan(buyer.length);
    expect(watch.previewStatuses.every((status) => status === 200)).toBe(true);
  });

  it("shows a valid Peppol BIS invoice with no violation", async () => {
    await openXml(templates.peppol);
    await page.waitForSelector("#xml-violation-list .empty");
    expect(await page.textContent("#xml-violation-list")).toMatch(/No rule violations/);
    expect(await page.textContent("#xml-summary")).toBe("0 rule violations");
    expect(await xmlEditor().locator(".cm-lint-marker").count()).toBe(0);
    expect(await xmlEditor().locator(".cm-content").textContent()).toContain("<cbc:CustomizationID>");
    await snap(page, "xml-03-valid-ubl");
  });

  it("fits a phone's width, and gives the pages back for a page format", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openXml(templates.invalid);
    await page.locator(".preview").scrollIntoViewIfNeeded();
    const box = await page.locator("#xml-view").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await snap(page, "xml-04-phone");
    await page.click('.preview-bar [data-format="pdf"]');
    await page.waitForSelector("#preview-pages canvas.page");
    expect(await page.getAttribute("#xml-toggle", "aria-pressed")).toBe("false");
    expect(await page.isVisible("#xml-view")).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("never sent a request off the origin nor logged a console error", () => {
    expect(watch.problems).toEqual([]);
  });
});
