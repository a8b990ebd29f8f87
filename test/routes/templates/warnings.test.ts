/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import cardData from "../../../fixtures/card.data.json";
import card from "../../../fixtures/card.satori.html?raw";
import { call, newAccount } from "../../helpers";

/** A card whose Liquid fails without data (`money` of nothing): its <div>s are judged all the same. */
const BARE_DIVS = `<div style="display:flex;flex-direction:column">
  <div class="price">
    <b style="display:flex">{{ price | money }}</b>
    <i style="display:flex">a month</i>
  </div>
  <div><span style="display:flex">A</span><span style="display:flex">B</span></div>
  <div style="display:flex"><div style="width:56px"></div></div>
</div>`;

/** Each case: a definition with one mistake, and the warnings it must give (docs/diagnostics.md#warnings). */
const CASES = {
  unknown_filter: {
    definition: { source: "<h1>Invoice</h1>\n<p>{{ total | shiny }}</p>" },
    warnings: [
      {
        path: "source",
        code: "unknown_filter",
        message: expect.stringMatching(/unknown filter `shiny` \(line 2, column 15\)/),
      },
    ],
  },
  unknown_filter_in_footer: {
    definition: { source: "<p>x</p>", options: { footer_html: "<p>{{ page | roman }}</p>" } },
    warnings: [
      {
        path: "options.footer_html",
        code: "unknown_filter",
        message: expect.stringMatching(/unknown filter `roman` \(line 1, column 14\)/),
      },
    ],
  },
  clock_read: {
    definition: {
      source: "<p>{% assign year = 'today' | date: '%Y' %}{{ year }}</p>\n<p>{{ \"now\" | date: \"%Y\" }}</p>",
    },
    warnings: [
      {
        path: "source",
        code: "clock_read",
        message: expect.stringMatching(
          /`date` to "now" or "today" \(line 1, column 31\): it prints the date of the render request.*Pass the date in `data`/,
        ),
      },
      { path: "source", code: "clock_read", message: expect.stringMatching(/\(line 2, column 15\)/) },
    ],
  },
  liquid_stray_delimiter: {
    // What an editor that closes `{%` and `{{` leaves when the author types the closing anyway; CSS's `100%}` and
    // nested rules' `}}`, and a raw block's text, are not taken for it.
    definition: {
      source:
        "<style>p{width:100%}@media print{p{color:red}}</style>\n<p>{% if x %}%}Yes{% endif %}</p>\n" +
        "<p>{{ name }}}} and {% raw %}%}{% endraw %}</p>",
      options: { header_html: "<p>{{ title }}}}</p>" },
    },
    warnings: [
      {
        path: "source",
        code: "liquid_stray_delimiter",
        message:
          "`source` has a second `%}` right after `{% if x %}` (line 2, column 14): the first one closed it, so " +
          "this one prints as text. Delete it.",
      },
      {
        path: "source",
        code: "liquid_stray_delimiter",
        message: expect.stringMatching(/second `}}` right after `{{ name }}` \(line 3, column 14\)/),
      },
      {
        path: "options.header_html",
        code: "liquid_stray_delimiter",
        message: expect.stringMatching(/second `}}` right after `{{ title }}` \(line 1, column 15\)/),
      },
    ],
  },
  satori_layout: {
    definition: {
      engine: "satori",
      source:
        "<div style='display:flex'><div class='head'><b style='display:flex'>{{ title }}</b><i style='display:flex'>by Ada</i></div></div>",
      example: { title: "Hi" },
    },
    warnings: [
      {
        path: "source",
        code: "satori_layout",
        message: expect.stringMatching(/<div class="head"> on line 1 has no explicit `display`/),
      },
    ],
  },
  satori_layout_bare_divs: {
    definition: { engine: "satori", source: BARE_DIVS },
    warnings: [
      {
        path: "source",
        code: "satori_layout",
        message: expect.stringMatching(
          /^The <div class="price"> on line 2 has no explicit `display`, which Satori requires .* Add `display: flex`/,
        ),
      },
      {
        path: "source",
        code: "satori_layout",
        message: expect.stringMatching(/^The <div> on line 6 has no explicit `display`/),
      },
      // Empty, it is refused too: Satori's parser gives it no text.
      {
        path: "source",
        code: "satori_layout",
        message: expect.stringMatching(/^The <div> on line 7 has no explicit `display`/),
      },
    ],
  },
  satori_layout_undisplayed: {
    definition: {
      engine: "satori",
      source:
        "<div style='display:flex;flex-direction:column'>\n  <span>{{ title }}</span>\n  <p>by Ada</p>\n  <img src='https://example.com/logo.png' width='10' height='10'>\n</div>",
    },
    warnings: ["span> on line 2", "p> on line 3", "img> on line 4"].map((element) => ({
      path: "source",
      code: "satori_layout",
      message: expect.stringContaining(`<${element} has no explicit \`display\`: a satori card states one on every`),
    })),
  },
  satori_refusal: {
    definition: {
      engine: "satori",
      source:
        "<div style='display:flex; position: fixed'><img style='display:flex' src='https://example.com/logo.png' width='10' height='10'>{{ title }}</div>",
    },
    warnings: [
      {
        path: "source",
        code: "satori_layout",
        message: expect.stringMatching(/Satori cannot lay out the card: .*"position".*"fixed"/),
      },
    ],
  },
  example_invalid: {
    definition: {
      source: "<p>{{ items.size }}</p>",
      schema: {
        type: "object",
        required: ["items", "currency"],
        properties: {
          items: { type: "array", items: { type: "object", properties: { quantity: { type: "integer" } } } },
          currency: { type: "string" },
        },
      },
      example: { items: [{ quantity: "two" }] },
    },
    warnings: [
      { path: "example.currency", code: "example_invalid", message: "`example.currency` is required." },
      {
        path: "example.items[0].quantity",
        code: "example_invalid",
        message: '`example.items[0].quantity` must be an integer; received string "two".',
      },
    ],
  },
} as const;

async function account() {
  return (await newAccount()).api_key;
}

/** An empty Cross Industry Invoice: what the XML checks of a render accept, with nothing for the rules to pass. */
const CII = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';

describe("template warnings", () => {
  it.each(Object.entries(CASES))(
    "%s: on create, accepted with its warnings",
    async (name, { definition, warnings }) => {
      const key = await account();
      const res = await call("POST", "/v1/templates", { key, body: { name: name.replace(/_/g, "-"), ...definition } });
      expect(res.status).toBe(201);
      expect(res.json.warnings).toEqual(warnings);
    },
  );

  it.each(Object.entries(CASES))(
    "%s: on publish and on validate, whatever the data",
    async (_name, { definition, warnings }) => {
      const key = await account();
      const engine = "engine" in definition ? definition.engine : "chromium";
      const created = await call("POST", "/v1/templates", {
        key,
        body: { name: "t", source: "<p style='display:flex'>clean</p>", engine },
      });
      expect(created.json.warnings).toEqual([]);
      const published = await call("POST", "/v1/templates/t/versions", { key, body: definition });
      expect(published.status).toBe(201);
      expect(published.json).toMatchObject({ version: 2, warnings });
      const validated = await call("POST", "/v1/templates/t/validate", { key, body: { data: {} } });
      expect(validated.status).toBe(200);
      expect(validated.json.warnings).toEqual(warnings);
      // The first version, still clean, has none.
      expect((await call("POST", "/v1/templates/t@1/validate", { key, body: { data: {} } })).json.warnings).toEqual([]);
    },
  );

  it("gives an empty list for a clean template, satori included, and none on GET", async () => {
    const key = await account();
    const clean = {
      name: "clean",
      source: "<p>{{ total | money: 'EUR' }} {{ issued_on | date: '%Y' }}</p>",
      schema: { type: "object", properties: { total: { type: "number" } } },
      example: { total: 5, issued_on: "2026-01-31" },
    };
    // Indented markup with a comment: satori-html leaves nulls between the elements.
    const indented = {
      name: "card",
      engine: "satori",
      source:
        "<div style='display:flex'>\n  <b style='display:flex'>{{ title }}</b>\n  <!-- badge -->\n  <div style='display:flex'><i style='display:flex'>a</i> <i style='display:flex'>b</i></div>\n</div>",
    };
    // An <svg>'s children are drawing, not layout: they need no display.
    const drawing = {
      name: "drawing",
      engine: "satori",
      source:
        "<div style='display:flex'>\n  <svg style='display:flex' width='40' height='40'><g><rect width='9' height='9'/><circle cx='20' cy='20' r='5'/></g></svg>\n</div>",
      example: { title: "Hi" },
    };
    // The fixture card sets display on every <div>: clean with its example and without one.
    const fixture = { name: "fixture-card", engine: "satori", source: card, example: cardData };
    const fixtureBare = { name: "fixture-card-bare", engine: "satori", source: card };
    for (const body of [clean, indented, drawing, fixture, fixtureBare]) {
      expect((await call("POST", "/v1/templates", { key, body })).json.warnings).toEqual([]);
      expect(
        (await call("POST", `/v1/templates/${body.name}/validate`, { key, body: { data: {} } })).json.warnings,
      ).toEqual([]);
      expect((await call("GET", `/v1/templates/${body.name}`, { key })).json).not.toHaveProperty("warnings");
    }
  });

  it("says an e-invoice's example XML is unchecked where no render backend answers, and saves it all the same", async () => {
    const key = await account();
    const options = {
      e_invoice: { standard: "factur-x", profile: "en16931", xml: CII },
    };
    const unchecked = [
      {
        path: "options.e_invoice.xml",
        code: "e_invoice_unchecked",
        message: expect.stringMatching(/no render backend/),
      },
    ];
    const created = await call("POST", "/v1/templates", { key, body: { name: "einv", source: "<p>x</p>", options } });
    expect(created.status).toBe(201);
    expect(created.json.warnings).toEqual(unchecked);
    const published = await call("POST", "/v1/templates/einv/versions", { key, body: { source: "<p>y</p>" } });
    expect(published.json.warnings).toEqual(unchecked);
    const validated = await call("POST", "/v1/templates/einv/validate", { key, body: { data: {} } });
    expect(validated.json.warnings).toEqual(unchecked);
  });

  it("passes the example's e-invoice XML through the XML gate first: a DTD never reaches the rules' parser", async () => {
    const key = await account();
    const withDtd = `<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>${CII}`;
    const options = { e_invoice: { standard: "factur-x", profile: "en16931", xml: withDtd } };
    const refused = [
      {
        path: "options.e_invoice.xml",
        code: "e_invoice_refused",
        message: expect.stringMatching(/^The XML in options\.e_invoice\.xml is refused: it declares a DOCTYPE/),
      },
    ];
    const created = await call("POST", "/v1/templates", { key, body: { name: "dtd", source: "<p>x</p>", options } });
    expect(created.status).toBe(201);
    expect(created.json.warnings).toEqual(refused);
    const published = await call("POST", "/v1/templates/dtd/versions", { key, body: { source: "<p>y</p>" } });
    expect(published.json.warnings).toEqual(refused);
    const validated = await call("POST", "/v1/templates/dtd/validate", { key, body: { data: {} } });
    expect(validated.json.warnings).toEqual(refused);
  });

  it("never blocks: a template with an unknown filter still fails at render as before", async () => {
    const key = await account();
    expect(
      (await call("POST", "/v1/templates", { key, body: { name: "shiny", source: "<p>{{ x | shiny }}</p>" } })).status,
    ).toBe(201);
    const res = await call("POST", "/v1/render", { key, body: { template: "shiny", data: { x: 1 } } });
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "template", filter: "shiny", retryable: false },
    });
  });

  it("keeps field errors' example hints to an example that passes the schema", async () => {
    const key = await account();
    const schema = { type: "object", properties: { quantity: { type: "integer" } } };
    await call("POST", "/v1/templates", {
      key,
      body: { name: "bad-example", source: "x", schema, example: { quantity: "two" } },
    });
    const res = await call("POST", "/v1/templates/bad-example/validate", {
      key,
      body: { data: { quantity: "three" } },
    });
    expect(res.json.errors).toEqual([
      {
        path: "data.quantity",
        message: '`data.quantity` must be an integer; received string "three".',
        expected: "integer",
        received: "string",
      },
    ]);
  });
});
