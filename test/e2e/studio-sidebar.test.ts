// The sidebar's proportions with a working account's lists: twelve templates and a full Recent renders list at
// 1440x900. The template list shows most of its names and scrolls inside itself; Recent renders keeps a share of
// the height rather than taking it; the Versions panel stays in view. A phone shows every section in turn.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newKey } from "./client";
import { BASE, guard, launchBrowser, signIn } from "./studio-page";

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

async function signInWithLists(page: Page, key: string) {
  await signIn(page, key);
  await page.waitForSelector("#render-list [data-render]");
  await page.waitForSelector("#version-list .version");
}

describe("the studio's sidebar with twelve templates and ten renders", () => {
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    key = await newKey();
    for (let i = 1; i <= 12; i++) {
      const name = `monthly-statement-${String(i).padStart(2, "0")}`;
      const created = await api("POST", "/v1/templates", { name, source: "<p>{{ n }}</p>", example: { n: i } }, key);
      expect(created.status).toBe(201);
    }
    for (let i = 1; i <= 10; i++) {
      const render = await api("POST", "/v1/render", { template: "monthly-statement-01", data: { n: i } }, key);
      expect(render.status).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows most template names at 1440x900, scrolling the list inside itself, with Versions in view", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
    const watch = guard(page);
    await signInWithLists(page, key);
    expect(await page.locator("#template-list .item").count()).toBe(12);
    const section = await box(page, ".side-section.grow");
    const rows = await page
      .locator("#template-list .item")
      .evaluateAll((items) =>
        items.map((item) => (item as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect()),
      );
    const shown = rows.filter((r) => r.y >= section.y && r.y + r.height <= section.y + section.height);
    expect(shown.length).toBeGreaterThanOrEqual(8);
    const versions = await box(page, "#version-list");
    expect(versions.y).toBeGreaterThanOrEqual(section.y + section.height);
    expect(versions.y + versions.height).toBeLessThanOrEqual(900);
    // Recent renders keeps a share of the sidebar, not most of it, and its ten rows scroll inside it.
    const renders = await box(page, ".side-section:has(#render-list)");
    expect(renders.height).toBeLessThan(section.height);
    expect(renders.y + renders.height).toBeLessThanOrEqual(900);
    await page.screenshot({ path: "/tmp/team-shots/sidebar-1440.png" });
    await page.locator("#template-list li:last-child .item").scrollIntoViewIfNeeded();
    expect(await page.locator("#template-list li:last-child .item").isVisible()).toBe(true);
    expect(watch.problems).toEqual([]);
    await page.close();
  });

  it("shows each sidebar section in turn on a phone, none over another", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, baseURL: BASE });
    await signInWithLists(page, key);
    const sections = await page
      .locator(".sidebar .side-section")
      .evaluateAll((nodes) =>
        nodes.map((node) => (node as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect()),
      );
    for (const [i, s] of sections.entries()) {
      expect(s.x + s.width).toBeLessThanOrEqual(390);
      if (i > 0) expect(s.y).toBeGreaterThanOrEqual(sections[i - 1]!.y + sections[i - 1]!.height - 1);
    }
    // The template list shows several names, and Recent renders its ten rows: the page scrolls, not the lists.
    const templates = await box(page, ".side-section.grow");
    expect(templates.height).toBeGreaterThanOrEqual(0.4 * 844);
    expect(await page.locator("#render-list [data-render]").count()).toBe(10);
    const renders = await box(page, ".side-section:has(#render-list)");
    const lastRender = await box(page, "#render-list li:last-child");
    expect(lastRender.y + lastRender.height).toBeLessThanOrEqual(renders.y + renders.height);
    await page.locator(".sidebar").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/team-shots/sidebar-390.png", fullPage: true });
    await page.close();
  });
});
