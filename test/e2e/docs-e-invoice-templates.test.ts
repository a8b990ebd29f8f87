// The complete e-invoice templates /docs shows, taken from the served page as a reader copies them and rendered by
// the real service with the rules enforced: each passes every rule set applied, with no violation at all.
import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

/** The text of the docs' block marked `data-e-invoice="<name>"`, its character references read back. */
function docsBlock(html: string, name: string): string {
  const found = new RegExp(`<pre data-e-invoice="${name}"[^>]*>([\\s\\S]*?)</pre>`).exec(html)?.[1];
  if (found === undefined) throw new Error(`/docs shows no ${name} block`);
  return found.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("the e-invoice templates /docs shows", () => {
  it.each([
    { name: "factur-x", e_invoice: { standard: "factur-x", profile: "en16931" }, format: "pdf" },
    { name: "ubl", e_invoice: { standard: "ubl", cius: "peppol-bis-3" }, format: "xml" },
  ])("$name: rendered as written, enforced: 200, valid, no violation", async ({ name, e_invoice, format }) => {
    const html = await (await fetch(`${inject("baseUrl")}/docs`)).text();
    const data = JSON.parse(docsBlock(html, "data"));
    const xml = docsBlock(html, name);
    const res = await api("POST", "/v1/render", {
      template: await pageTemplate(),
      data,
      format,
      options: { e_invoice: { ...e_invoice, xml, validation: "enforce" } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.compliance.e_invoice).toMatchObject({ valid: true, violations: [] });
  });
});

let page: string | undefined;
/** A one-line page over the docs' data: the XML is what is tested. */
async function pageTemplate(): Promise<string> {
  if (page) return page;
  const name = `docs-e-invoice-page-${process.pid}`;
  const res = await api("POST", "/v1/templates", { name, source: "<p>Invoice {{ invoice.number | escape }}</p>" });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  page = name;
  return name;
}
