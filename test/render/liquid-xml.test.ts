import { describe, expect, it } from "vitest";
import { renderLiquid } from "../../src/render/liquid/liquid";
import { preparePdfFinishing } from "../../src/render/pdf/pdf-finishing";

const NAME = `Müller & Söhne <Werk Süd> "Nord" 'Ost'`;
const TEXT = `Müller &amp; Söhne &lt;Werk Süd&gt; "Nord" 'Ost'`;
const ATTRIBUTE = `Müller &amp; Söhne &lt;Werk Süd&gt; &quot;Nord&quot; &apos;Ost&apos;`;
/** What liquidjs's own escape, xml_escape and escape_once write. */
const ESCAPED = `Müller &amp; Söhne &lt;Werk Süd&gt; &#34;Nord&#34; &#39;Ost&#39;`;

function xml(source: string, data: object = { name: NAME }) {
  return renderLiquid(source, { data, instant: new Date() }, "options.e_invoice.xml", "xml");
}

function page(source: string, data: object = { name: NAME }) {
  return renderLiquid(source, { data, instant: new Date() });
}

describe("Liquid outputs in XML", () => {
  it("escape &, < and > in element content, and quotes too inside attribute values of either quote", async () => {
    expect(await xml("<Name>{{ name }}</Name>")).toBe(`<Name>${TEXT}</Name>`);
    expect(await xml(`<Party name="{{ name }}" id='{{ name }}'>{{ name }}</Party>`)).toBe(
      `<Party name="${ATTRIBUTE}" id='${ATTRIBUTE}'>${TEXT}</Party>`,
    );
    // The place is the template's: a value printed before, holding quotes or `<`, does not move it.
    expect(await xml(`<A>{{ name }}</A><B c="{{ name }}"/>{{ name }}`)).toBe(
      `<A>${TEXT}</A><B c="${ATTRIBUTE}"/>${TEXT}`,
    );
  });

  it("leave an output whose last filter is escape, escape_once, xml_escape or raw as that filter wrote it", async () => {
    expect(await xml(`<A b="{{ name | escape }}">{{ name | xml_escape }}</A>`)).toBe(
      `<A b="${ESCAPED}">${ESCAPED}</A>`,
    );
    expect(await xml("<A>{{ name | escape_once }}</A>", { name: "A &amp; B & C" })).toBe("<A>A &amp; B &amp; C</A>");
    expect(await xml("<A>{{ name | raw }}</A>", { name: "<B>x</B>" })).toBe("<A><B>x</B></A>");
  });

  it("escape an output whose filters end elsewhere, an escape earlier in the chain included (escaped twice)", async () => {
    expect(await xml("<A>{{ name | upcase | append: ' & Co' }}</A>", { name: "a<b" })).toBe("<A>A&lt;B &amp; Co</A>");
    expect(await xml("<A>{{ name | escape | strip }}</A>", { name: "a&b" })).toBe("<A>a&amp;amp;b</A>");
    expect(await xml("<A>{{ name | escape | raw }}</A>", { name: "a&b" })).toBe("<A>a&amp;b</A>");
  });

  it("escape outputs nested in blocks, loops, echo and {% liquid %} lines, and keep whitespace control", async () => {
    const source = `{% for line in lines %}<Line id="{%- if line.id -%}{{- line.id -}}{%- endif -%}">
  {{- line.text -}}
</Line>{% endfor %}<N>{% echo name %}</N><M v="{% liquid
if name
  echo name
endif %}"/>`;
    const data = { name: "a&b", lines: [{ id: `1"`, text: "<x>" }, { text: "y&z" }] };
    expect(await xml(source, data)).toBe(
      `<Line id="1&quot;">&lt;x&gt;</Line><Line id="">y&amp;z</Line><N>a&amp;b</N><M v="a&amp;b"/>`,
    );
  });

  it("read comments, CDATA and the XML declaration as the markup they are", async () => {
    const source = `<?xml version="1.0"?><!-- the seller's name --><A>{{ name }}</A><![CDATA[ " ]]><B c="{{ name }}"/>`;
    expect(await xml(source, { name: `"&'` })).toBe(
      `<?xml version="1.0"?><!-- the seller's name --><A>"&amp;'</A><![CDATA[ " ]]><B c="&quot;&amp;&apos;"/>`,
    );
    // Markup written inside {% comment %} is never written, so it moves nothing.
    expect(await xml(`{% comment %}<A b="{% endcomment %}<C>{{ name }}</C>`, { name: `"` })).toBe(`<C>"</C>`);
  });

  it("escape each value a captured part printed, so the captured markup is printed with raw", async () => {
    const source = "{% capture party %}<Name>{{ name }}</Name>{% endcapture %}{{ party | raw }}";
    expect(await xml(source, { name: "a&b" })).toBe("<Name>a&amp;b</Name>");
  });

  it("escape what cycle prints unless every value it cycles through ends in a filter written as is", async () => {
    expect(await xml(`<A c="{% cycle name, 'x' %}"/>`, { name: `&"` })).toBe(`<A c="&amp;&quot;"/>`);
    expect(await xml(`<A>{% cycle name | raw, 'x' | raw %}</A>`, { name: "<b/>" })).toBe("<A><b/></A>");
  });

  it("leave the page as v1 wrote it, from the same parse", async () => {
    const source = `<p title="{{ name }}">{{ name }}</p>`;
    expect(await page(source)).toBe(`<p title="${NAME}">${NAME}</p>`);
    expect(await xml(source)).toBe(`<p title="${ATTRIBUTE}">${TEXT}</p>`);
    expect(await page(source)).toBe(`<p title="${NAME}">${NAME}</p>`);
  });

  it("print nil as nothing and arrays joined, as liquidjs does", async () => {
    expect(await xml("<A>{{ nothing }}|{{ list }}|{{ 3 }}</A>", { list: ["a&", "<b>"] })).toBe(
      "<A>|a&amp;&lt;b&gt;|3</A>",
    );
  });
});

describe("the parts rendered as XML", () => {
  it("are the e-invoice XML and the utf8 attachments declared as XML; other attachments keep their outputs as they are", async () => {
    const input = { data: { name: "a&b" }, instant: new Date() };
    const finishing = await preparePdfFinishing(
      {
        attachments: [
          { filename: "a.xml", content: "<A>{{ name }}</A>", mime_type: "application/xml" },
          { filename: "b.xml", content: "<B>{{ name }}</B>", mime_type: "text/xml; charset=utf-8" },
          { filename: "c.xml", content: "<C>{{ name }}</C>", mime_type: "application/vnd.example+xml" },
          { filename: "d.txt", content: "{{ name }}", mime_type: "text/plain" },
          { filename: "e.json", content: '{"name": "{{ name }}"}', mime_type: "application/json" },
        ],
        e_invoice: {
          standard: "factur-x",
          profile: "minimum",
          xml: '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><N>{{ name }}</N></rsm:CrossIndustryInvoice>',
        },
      },
      (source, path, markup) => renderLiquid(source, input, path, markup),
    );
    const texts = finishing?.attachments.map((file) => new TextDecoder().decode(file.bytes));
    expect(texts).toEqual(["<A>a&amp;b</A>", "<B>a&amp;b</B>", "<C>a&amp;b</C>", "a&b", '{"name": "a&b"}']);
    expect(finishing?.eInvoice?.xml).toContain("<N>a&amp;b</N>");
  });
});
