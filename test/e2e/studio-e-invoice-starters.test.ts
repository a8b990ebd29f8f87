// The studio's e-invoice starters in a real browser against the real service: the XML has its own editor tab
// (Liquid over XML, the example's fields completed inside {{ }}), the Peppol starter's XML view says which rule sets
// did not run, fatal violations are errors in Problems (one per rule with its count, at its line in the XML view),
// and Publish asks before publishing a template whose example fails the rules it enforces.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newKey } from "./client";
import { BASE, editor, find, guard, launchBrowser, nextPreview, seqOf, snap } from "./studio-page";

/** Starts a new template from a gallery starter and waits for its first preview. */
async function fromStarter(page: Page, name: string, label: string) {
  await page.click("#new-button");
  await page.fill("#new-name", name);
  await page.click(`label.starter:has-text('${label}')`);
  const before = await seqOf(page);
  await page.click("#new-submit");
  await expect.poll(() => page.textContent("#doc-name")).toBe(name);
  await nextPreview(page, before);
}

/** Opens the preview's XML view and waits for an XML newer than the one shown. */
async function openXmlView(page: Page) {
  const before = Number(await page.getAttribute("#xml-view", "data-seq"));
  await page.click("#xml-toggle");
  await expect
    .poll(async () => Number(await page.getAttribute("#xml-view", "data-seq")), { timeout: 30_000 })
    .toBeGreaterThan(before);
}

describe("the studio's e-invoice starters", () => {
  let browser: Browser;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;
  const names = { peppol: `peppol-${process.pid}`, facturx: `facturx-${process.pid}` };

  beforeAll(async () => {
    key = await newKey();
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: BASE })).newPage();
    watch = guard(page);
    await page.goto("/studio");
    await page.fill("#key-input", key);
    await page.click("#key-submit");
    await page.waitForSelector("#new-dialog[open]");
    await page.keyboard.press("Escape");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("edits the e-invoice's XML in its own tab, with the example's fields completed inside {{ }}", async () => {
    await fromStarter(page, names.peppol, "E-invoice: Peppol BIS");
    await page.click('.tabs [data-tab="xml"]');
    const xml = editor(page, "xml").locator(".cm-content");
    // CodeMirror draws the lines of its first viewport before it has measured the editor: the rest follow.
    await expect
      .poll(() => xml.textContent())
      .toContain("<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol");
    // XML highlighted as XML, not one escaped JSON string; the options hold the e-invoice without its XML.
    expect(await editor(page, "xml").locator(".cm-line").first().textContent()).toBe("{%- comment -%}");
    await page.click('.tabs [data-tab="options"]');
    const options = await editor(page, "options").locator(".cm-content").textContent();
    expect(options).toContain('"cius": "peppol-bis-3"');
    expect(options).not.toContain("Invoice");
    await find(page, "xml", "{{ invoice.note | escape }}");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(" {{ seller.");
    const options_ = page.locator(".cm-tooltip-autocomplete li .cm-completionLabel");
    await expect.poll(() => options_.allTextContents()).toEqual(expect.arrayContaining(["iban", "vat_id", "contact"]));
    await snap(page, "einv-01-xml-completion");
    // The pause below lets the preview run on the half-typed `{{ seller.ib}}`: the service may refuse that one.
    watch.expected = [{ path: "/v1/previews", status: 400 }];
    await page.keyboard.type("ib");
    // The list follows the typing (every option now holds "i" then "b"), and CodeMirror ignores a key on a list
    // updated less than its interactionDelay (75 ms) ago: a busy machine's Enter came inside it and broke the line.
    await expect
      .poll(async () => {
        const labels = await options_.allTextContents();
        return labels.length > 0 && labels.every((label) => /i.*b/i.test(label)) ? labels[0] : null;
      })
      .toBe("iban");
    await page.waitForTimeout(300);
    await page.keyboard.press("Enter");
    await page.keyboard.type(" }}");
    await expect.poll(() => xml.textContent()).toContain("{{ invoice.note | escape }} {{ seller.iban }}</cbc:Note>");
    // The refusal may be answered (and logged) after the typing ends: expected until every preview sent is answered
    // and the last one, of the finished field, succeeded.
    await expect
      .poll(() => watch.previewsOpen === 0 && watch.previewStatuses.at(-1), {
        timeout: 30_000,
      })
      .toBe(200);
    watch.expected = [];
  });

  it("says in the XML view that Peppol's own rules were not checked", async () => {
    await openXmlView(page);
    await page.waitForSelector("#xml-violation-list .empty");
    expect(await page.textContent("#xml-summary")).toBe("0 rule violations");
    expect(await page.textContent("#xml-rules-note")).toMatch(
      /^Peppol BIS Billing 3\.0 rules \(OpenPeppol\), UBL were not checked: OpenPeppol's terms/,
    );
    expect(await page.isVisible("#xml-rules-note")).toBe(true);
    // The note is gone for a template whose rules all ran (opened on its pages, then on its XML).
    await page.click('.preview-bar [data-format="pdf"]');
    await fromStarter(page, names.facturx, "E-invoice: Factur-X");
    await openXmlView(page);
    expect(await page.isVisible("#xml-rules-note")).toBe(false);
    await page.click('.tabs [data-tab="xml"]');
    expect(await page.getAttribute('.tabs [data-tab="xml"]', "aria-selected")).toBe("true");
    // A new template's XML starts at its top, whatever the one before was scrolled to.
    expect(
      await editor(page, "xml")
        .locator(".cm-scroller")
        .evaluate((node) => node.scrollTop),
    ).toBe(0);
    await snap(page, "einv-starter-xml-tab-1440x900");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.tabs [data-tab="xml"]').scrollIntoViewIfNeeded();
    await snap(page, "einv-starter-xml-tab-390x844", { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("lists fatal violations as errors, one per rule with its count, at its line in the XML view", async () => {
    const before = Number(await page.getAttribute("#xml-view", "data-seq"));
    // A VAT rate of 0 under category S breaks BR-S-05 on each of the three lines.
    await find(page, "example", "19");
    await page.keyboard.type("0");
    await expect
      .poll(async () => Number(await page.getAttribute("#xml-view", "data-seq")), { timeout: 30_000 })
      .toBeGreaterThan(before);
    const problem = page.locator('#problem-list [data-rule="BR-S-05"]');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.getAttribute("class")).toContain("problem-error");
    expect(await problem.locator(".problem-message code").textContent()).toBe("BR-S-05 ×3");
    const lines = await page
      .locator('#xml-violation-list [data-rule="BR-S-05"]')
      .evaluateAll((nodes) =>
        nodes.map((node) => Number((node as unknown as { dataset: { line: string } }).dataset.line)),
      );
    expect(lines).toHaveLength(3);
    expect(await problem.locator(".problem-where").textContent()).toBe(`XML view · line ${Math.min(...lines)}`);
    expect(await page.textContent("#problem-summary")).toMatch(/^\d+ errors?$/);
    expect(await page.textContent("#preview-status")).toMatch(/· 6 fatal rule violations$/);
    // No violation sits at the Options.
    expect(await page.locator('#problem-list [data-editor="options"]').count()).toBe(0);
    // The problem jumps to its line in the XML view.
    await page.click('.preview-bar [data-format="pdf"]');
    await problem.click();
    const active = page.locator("#xml-editor .cm-activeLine");
    await expect.poll(() => active.textContent(), { timeout: 30_000 }).toContain("<ram:ApplicableTradeTax>");
    expect(await page.locator("#xml-editor .cm-lineNumbers .cm-activeLineGutter").textContent()).toBe(
      String(Math.min(...lines)),
    );
    await snap(page, "einv-02-problems-grouped");
  });

  it("asks before publishing a template whose example fails enforced rules, and publishes when confirmed", async () => {
    await page.click("#publish-button");
    await page.waitForSelector("#publish-dialog[open]");
    expect(await page.isVisible("#publish-rules")).toBe(true);
    expect(await page.textContent("#publish-rules-text")).toContain("BR-S-05 ×3");
    expect(await page.isDisabled("#publish-submit")).toBe(true);
    await snap(page, "einv-03-publish-asks");
    await page.check("#publish-rules-confirm");
    expect(await page.isDisabled("#publish-submit")).toBe(false);
    await page.click("#publish-submit");
    await expect.poll(() => page.isVisible("#publish-dialog"), { timeout: 30_000 }).toBe(false);
    const created = await api("GET", `/v1/templates/${names.facturx}`, undefined, key);
    expect(created.status).toBe(200);
    expect(created.json.options.e_invoice.xml).toContain("<rsm:CrossIndustryInvoice");
    // Under "report" the rules never refuse a render: nothing to ask.
    await find(page, "options", '"profile": "en16931"');
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(', "validation": "report');
    await page.click("#publish-button");
    await page.waitForSelector("#publish-dialog[open]");
    expect(await page.isVisible("#publish-rules")).toBe(false);
    expect(await page.isDisabled("#publish-submit")).toBe(false);
    await page.keyboard.press("Escape");
  });

  it("never sent a request off the origin nor logged a console error", () => {
    expect(watch.problems).toEqual([]);
  });
});
