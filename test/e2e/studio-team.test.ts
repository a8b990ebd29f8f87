// The studio with a team on the same templates: a version published elsewhere (the CLI, a colleague) while the
// studio edits an older one is never overwritten. Publish shows it beside the edits, with a diff, and the user
// loads it (the draft kept to compare and restore) or publishes over it deliberately. The top bar says which
// version the editors hold and, on focus, that a newer one exists; Copy as curl follows it; Delete asks first.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newKey } from "./client";
import { BASE, editor, guard, launchBrowser, nextPreview, replaceInEditor, seqOf, signIn, snap } from "./studio-page";

const SOURCE = "<h1>Report</h1>\n<p>{{ title }}</p>\n<p>Line A</p>\n";
const THEIRS = "<h1>Report</h1>\n<p>{{ title }}</p>\n<p>Line B from the CLI</p>\n";

async function openTemplate(page: Page, name: string) {
  if ((await page.textContent("#doc-name")) === name) return;
  const before = await seqOf(page);
  await page.click(`#template-list [data-template="${name}"]`);
  await expect.poll(() => page.textContent("#doc-name")).toBe(name);
  await nextPreview(page, before);
}

const sourceText = (page: Page) => editor(page, "source").locator(".cm-content").textContent();

describe("the studio never overwrites a version published meanwhile", () => {
  let browser: Browser;
  let page: Page;
  let watch: ReturnType<typeof guard>;
  let key: string;
  const latest = async (name: string) => (await api("GET", `/v1/templates/${name}`, undefined, key)).json;
  const publishElsewhere = (name: string, source: string, extra: Record<string, unknown> = {}) =>
    api("POST", `/v1/templates/${name}/versions`, { source, message: "from the CLI", ...extra }, key);

  /** Opens `name` at v1, lets another publish v2, edits Line A and presses Publish: the conflict opens. */
  async function editAfterAnotherPublish(name: string) {
    await openTemplate(page, name);
    await expect.poll(() => page.textContent("#doc-version")).toBe("v1");
    expect((await publishElsewhere(name, THEIRS, { example: { title: "Q4" } })).status).toBe(201);
    await replaceInEditor(page, "source", "Line A", "Line C from the studio");
    await page.click("#publish-button");
    await page.fill("#publish-message", "studio edit");
    await page.click("#publish-submit");
    await page.waitForSelector('#conflict-dialog[open] #conflict-diff[data-state="ready"] .cm-mergeView');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    key = await newKey();
    for (const name of ["team-load", "team-over", "team-race", "team-delete"]) {
      const created = await api("POST", "/v1/templates", { name, source: SOURCE, example: { title: "Q3" } }, key);
      expect(created.status).toBe(201);
    }
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: BASE });
    watch = guard(page);
    await signIn(page, key);
  });
  afterAll(async () => {
    expect(watch.problems).toEqual([]);
    await browser?.close();
  });

  it("publishes nothing until the user chooses, and shows the newer version beside the edits", async () => {
    await editAfterAnotherPublish("team-load");
    expect(await page.textContent("#conflict-title")).toBe("team-load@2 was published after the v1 you are editing");
    const changes = await page.textContent("#conflict-changes");
    expect(changes).toContain("Changed in v2 since v1: Source, Example data");
    expect(changes).toContain("Your edits since v1: Source");
    expect(await page.textContent("#conflict-diff .cm-merge-a .cm-changedLine")).toContain("Line B from the CLI");
    expect(await page.textContent("#conflict-diff .cm-merge-b .cm-changedLine")).toContain("Line C from the studio");
    expect(await page.isVisible("#publish-dialog[open]")).toBe(false);
    expect((await latest("team-load")).latest_version).toBe(2);
    await snap(page, "team-01-conflict-1440");
    await page.screenshot({ path: "/tmp/team-shots/conflict-1440.png" });
  });

  it("loads the newer version and keeps the draft to compare and restore", async () => {
    await page.click('#conflict-actions [data-choice="load-newer"]');
    await expect.poll(() => page.textContent("#doc-version")).toBe("v2");
    expect(await sourceText(page)).toContain("Line B from the CLI");
    expect(await page.isVisible("#doc-dirty")).toBe(false);
    expect(await page.textContent("#doc-kept")).toBe("Your draft (from v1)");
    expect(await page.textContent('#template-list [data-template="team-load"] .badge')).toBe("v2");
    await page.click("#doc-kept");
    await page.waitForSelector('#conflict-dialog[open] #conflict-diff[data-state="ready"] .cm-mergeView');
    expect(await page.textContent("#conflict-diff .cm-merge-b .cm-changedLine")).toContain("Line C from the studio");
    await snap(page, "team-02-kept-draft");
    await page.click('#conflict-actions [data-choice="restore"]');
    await expect.poll(() => sourceText(page)).toContain("Line C from the studio");
    expect(await page.textContent("#doc-version")).toBe("v2");
    expect(await page.isVisible("#doc-dirty")).toBe(true);
    expect(await page.isVisible("#doc-kept")).toBe(false);
    expect((await latest("team-load")).latest_version).toBe(2);
  });

  it("publishes over the newer version only when asked, with If-Match on that version", async () => {
    await editAfterAnotherPublish("team-over");
    expect((await latest("team-over")).latest_version).toBe(2);
    await page.click('#conflict-actions [data-choice="publish-over"]');
    await page.waitForSelector("#conflict-dialog", { state: "hidden" });
    await expect.poll(() => page.textContent("#doc-version")).toBe("v3");
    const v3 = await latest("team-over");
    expect(v3).toMatchObject({ version: 3, message: "studio edit" });
    expect(v3.source).toContain("Line C from the studio");
    expect((await api("GET", "/v1/templates/team-over@2", undefined, key)).json.source).toBe(THEIRS);
  });

  it("catches a version published between its check and its publish: the service's 409 opens the conflict", async () => {
    await openTemplate(page, "team-race");
    await replaceInEditor(page, "source", "Line A", "Line R from the studio");
    // The colleague's publish lands while the studio's request is on its way (after the studio's own check).
    const path = "/v1/templates/team-race/versions";
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() === "POST") expect((await publishElsewhere("team-race", THEIRS)).status).toBe(201);
      await route.continue();
    });
    watch.expected = [{ path, status: 409 }];
    await page.click("#publish-button");
    await page.click("#publish-submit");
    await page.waitForSelector('#conflict-dialog[open] #conflict-diff[data-state="ready"] .cm-mergeView');
    await page.unroute(`**${path}`);
    watch.expected = [];
    expect(await page.textContent("#conflict-title")).toBe("team-race@2 was published after the v1 you are editing");
    expect((await latest("team-race")).latest_version).toBe(2);
    await page.click('#conflict-actions [data-choice="cancel"]');
    expect(await sourceText(page)).toContain("Line R from the studio");
  });

  it("says on focus that a newer version exists, and Copy as curl follows the version shown", async () => {
    await openTemplate(page, "team-over");
    await expect.poll(() => page.textContent("#doc-version")).toBe("v3");
    expect((await publishElsewhere("team-over", THEIRS)).status).toBe(201);
    expect(await page.isVisible("#doc-newer")).toBe(false);
    // The window regaining focus, as when the user comes back from the shell where the CLI published.
    await page.evaluate(() => {
      const window = globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (type: string) => unknown };
      window.dispatchEvent(new window.Event("focus"));
    });
    await expect.poll(() => page.textContent("#doc-newer")).toBe("v4 is newer");
    expect(await page.textContent("#doc-version")).toBe("v3");
    await page.waitForSelector('#version-list .version[data-version="4"]');
    await page.click("#curl-button");
    expect(await page.textContent("#curl-text")).toContain('"template":"team-over@3"');
    await page.click("#curl-dialog [data-close]");
    await page.click("#doc-newer");
    await page.click('#conflict-actions [data-choice="load-newer"]');
    await expect.poll(() => page.textContent("#doc-version")).toBe("v4");
    expect(await page.isVisible("#doc-newer")).toBe(false);
    await page.click("#curl-button");
    expect(await page.textContent("#curl-text")).toContain('"template":"team-over@4"');
    await page.click("#curl-dialog [data-close]");
  });

  it("deletes a template only after asking, saying every version goes", async () => {
    await openTemplate(page, "team-delete");
    expect((await publishElsewhere("team-delete", THEIRS)).status).toBe(201);
    await page.click("#delete-button");
    await page.waitForSelector("#delete-dialog[open]");
    expect(await page.textContent("#delete-lede")).toContain("the whole template team-delete: all 2 versions");
    await snap(page, "team-03-delete");
    await page.click("#delete-dialog [data-close]");
    expect((await latest("team-delete")).latest_version).toBe(2);
    await page.click("#delete-button");
    await page.click("#delete-submit");
    await page.waitForSelector('#template-list [data-template="team-delete"]', { state: "detached" });
    expect((await api("GET", "/v1/templates/team-delete", undefined, key)).status).toBe(404);
    await expect.poll(() => page.textContent("#doc-name")).not.toBe("team-delete");
  });

  it("fits the conflict dialog into a phone's 390 px", async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, baseURL: BASE });
    const phoneWatch = guard(phone);
    await signIn(phone, key);
    await openTemplate(phone, "team-load");
    expect((await publishElsewhere("team-load", SOURCE)).status).toBe(201);
    await phone.click("#publish-button");
    await phone.click("#publish-submit");
    await phone.waitForSelector('#conflict-dialog[open] #conflict-diff[data-state="ready"] .cm-mergeView');
    const box = await phone.locator("#conflict-dialog").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    for (const choice of ["cancel", "publish-over", "load-newer"]) {
      const button = await phone.locator(`[data-choice="${choice}"]`).boundingBox();
      expect(button && button.x + button.width <= 390, choice).toBe(true);
    }
    await phone.screenshot({ path: "/tmp/team-shots/conflict-390.png" });
    expect(phoneWatch.problems).toEqual([]);
    await phone.close();
  });
});
