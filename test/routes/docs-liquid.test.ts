import { describe, expect, it } from "vitest";
import { call } from "../helpers";

/** The Liquid section of /docs, as a browser shows its text. */
async function liquidSection(): Promise<string> {
  const { status, text } = await call("GET", "/docs");
  expect(status).toBe(200);
  const start = text.indexOf('id="liquid"');
  const section = text.slice(start, text.indexOf("<h2", start));
  const named: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };
  // One pass, so an escaped entity (&amp;lt;) is read back as the text it shows (&lt;), never decoded twice.
  return section
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:#(\d+)|(lt|gt|quot|amp));/g, (_, code: string | undefined, name: string | undefined) =>
      code ? String.fromCharCode(Number(code)) : (named[name ?? ""] ?? ""),
    );
}

describe("the Liquid section of /docs", () => {
  it("shows money's decimals and the number filter with what they render, among Folio's own filters", async () => {
    const text = await liquidSection();
    expect(text).toContain('{{ 0.1234 | money: "EUR", "de-DE", 4 }}0,1234\u00a0€');
    expect(text).toContain('{{ 3.5 | number: "de-DE" }}3,5');
    expect(text).toContain('{{ 1234567.891 | number: "fr-FR", 2, 2 }}1\u202f234\u202f567,89');
    const standard = text.slice(text.indexOf("Standard filters"));
    expect(standard).toContain("xml_escape");
    expect(standard).not.toMatch(/\bnumber\b|\bmoney\b/);
  });

  it("shows each output escaped in XML and left as it is on the page", async () => {
    const text = await liquidSection();
    expect(text).toContain(
      "<ram:Name>{{ seller.name }}</ram:Name><ram:Name>Müller &amp; Söhne &lt;Werk Süd&gt;</ram:Name><ram:Name>Müller & Söhne <Werk Süd></ram:Name>",
    );
    // Quotes are escaped inside the attribute value only.
    expect(text).toContain('<Party brand="&quot;MS&quot; Tools">"MS" Tools</Party>');
  });
});
