import { describe, expect, it } from "vitest";
import { ERROR_TYPE_NAMES, ERROR_TYPES } from "../../src/error-table";
import { escapeHtml } from "../../src/lib/escape-html";
import { call } from "../helpers";

/** What a browser shows of a page: its text, tags (and the stylesheet) left out. */
function visibleText(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/g, "").replace(/<[^>]*>/g, "");
}

/**
 * The error pages are read in a browser (docs/served-docs.md#error-pages): the table's `code` marks are rendered, never
 * shown.
 */
describe("error pages", () => {
  const pages = ["/docs/errors", ...ERROR_TYPE_NAMES.map((type) => `/docs/errors/${type}`)];

  it.each(pages)("%s shows no raw markdown marks", async (path) => {
    const page = await call("GET", path);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const text = visibleText(page.text);
    for (const mark of ["`", "**", "](", "##"]) expect(text, `${path} shows ${mark}`).not.toContain(mark);
  });

  it.each(ERROR_TYPE_NAMES)("/docs/errors/%s renders the table's code spans as <code>", async (type) => {
    const { text } = await call("GET", `/docs/errors/${type}`);
    const { meaning, retry } = ERROR_TYPES[type];
    for (const [, code] of `${meaning} ${retry}`.matchAll(/`([^`]+)`/g))
      expect(text).toContain(`<code>${escapeHtml(code!)}</code>`);
  });
});

describe("the limits on /docs", () => {
  it("lists every count a request is held to, with the numbers the code enforces and no raw markdown", async () => {
    const { status, text } = await call("GET", "/docs");
    expect(status).toBe(200);
    const section = text.slice(text.indexOf('id="limits"'), text.indexOf('id="webhooks"'));
    for (const figure of [
      "20,000 tags and outputs",
      "500 elements",
      "5,000 characters",
      "10 MiB",
      "100 an answer",
      "10,000",
      "/64",
      "TRIAL_STARTS_PER_HOUR_TOTAL",
      "2 at a time per render backend, an account at most one",
      "at most 1; 20 s each, counted from when it starts",
      "40 megapixels, or one passes 16,384 pixels a side",
    ])
      expect(section).toContain(figure);
    expect(section.replace(/<[^>]+>/g, "")).not.toMatch(/`|\*\*|\]\(|##/);
  });
});
