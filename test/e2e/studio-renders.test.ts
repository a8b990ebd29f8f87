import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../poll";
import { api, newKey } from "./client";
import { BASE, guard, launchBrowser, snap } from "./studio-page";

// Recent renders stay current without a reload (renders made by the SDK or CLI appear, times age), and show each
// render's webhook: its state, its deliveries, a resend, and a test event. The shared e2e service refuses private
// and loopback receivers, so the webhook here is one the egress policy blocks.
describe("the studio's recent renders", () => {
  let browser: Browser;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;
  const name = `recent-${process.pid}`;

  // The page's window, reached through globalThis: the root tsconfig has no DOM library.
  const focusWindow = () =>
    page.evaluate(() =>
      (globalThis as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new Event("focus")),
    );
  const rowOf = (id: string) => page.locator(`#render-list li[data-render="${id}"]`);

  beforeAll(async () => {
    key = await newKey();
    const created = await api(
      "POST",
      "/v1/templates",
      { name, engine: "satori", source: "<div style='display:flex'>{{ n }}</div>" },
      key,
    );
    expect(created.status).toBe(201);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    watch = guard(page);
    await page.goto(`${BASE}/studio`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists a render made through the API after the page loaded when the window regains the focus", async () => {
    await page.fill("#key-input", key);
    await page.click("#key-submit");
    await page.waitForSelector("#studio:not([hidden])");
    await page.waitForSelector("#render-list li.empty");
    const made = await api("POST", "/v1/render", { template: name, data: { n: 1 } }, key);
    expect(made.status).toBe(200);
    expect(await rowOf(made.json.id).count()).toBe(0);
    await focusWindow();
    await expect.poll(() => rowOf(made.json.id).count()).toBe(1);
    expect(await rowOf(made.json.id).textContent()).toContain("just now");
  });

  it("shows a render's webhook state and its deliveries, and resends one", async () => {
    const queued = await api(
      "POST",
      "/v1/render",
      { template: name, data: { n: 2 }, webhook_url: "http://10.0.0.1/hooks" },
      key,
    );
    expect(queued.status).toBe(202);
    const id = queued.json.id as string;
    await until(
      () => api("GET", `/v1/renders/${id}`, undefined, key),
      (r) => r.json.webhook_status === "failed",
    );
    await focusWindow();
    const row = rowOf(id);
    await expect.poll(() => row.locator(".hook-state").textContent()).toBe("Webhook failed");
    await row.getByRole("button", { name: "Deliveries: 5 attempts" }).click();
    await expect.poll(() => row.locator("li.delivery").count()).toBe(5);
    expect(await row.locator(".deliveries-host").textContent()).toBe("To 10.0.0.1");
    expect(await row.locator("li.delivery").first().textContent()).toMatch(
      /^Attempt 5 · blocked by the egress policy · 0 ms/,
    );
    await snap(page, "recent-renders-webhook");
    await row.getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => rowOf(id).locator("li.delivery").count()).toBe(6);
    expect(await rowOf(id).locator("li.delivery").first().textContent()).toMatch(
      /^Resend 1 · blocked by the egress policy/,
    );
    // The schedule's state is the schedule's: a resend leaves it as it was.
    expect(await rowOf(id).locator(".hook-state").textContent()).toBe("Webhook failed");
    expect(await rowOf(id).getByRole("button", { name: "Deliveries: 5 attempts" }).count()).toBe(1);
  });

  it("sends a test event from its form and says what came back", async () => {
    await page.click("#webhook-test-button");
    await page.fill("#webhook-test-url", "http://10.0.0.1/hooks");
    await page.click("#webhook-test-send");
    await expect.poll(() => page.textContent("#webhook-test-result")).toMatch(/^Not sent: the egress policy refuses/);
    await page.keyboard.press("Escape");
  });

  it("never sent a request off the origin nor logged a console error", () => {
    expect(watch.problems).toEqual([]);
  });
});
