// A `pdfua` template's example rendered with Liquid alone at create, publish and validate: what its HTML shows that
// the PDF/UA-1 check refuses is an `accessibility` warning at the source's line and column, naming the checkpoint
// (docs/accessibility.md#while-you-write). test/e2e/pdfua-authoring.test.ts renders the same templates for real.
import { describe, expect, it } from "vitest";
import { call, newAccount } from "../../helpers";
import { ACCESSIBLE, AUTHORING_CASES, EXAMPLE } from "../../pdfua/authoring-cases";

const PDFUA = { pdfua: "1" };

const accessibilityOf = (warnings: Array<{ code: string }>) => warnings.filter((w) => w.code === "accessibility");

describe("accessibility warnings while the template is written", () => {
  it.each(Object.entries(AUTHORING_CASES))(
    "%s: on create, at its line and column",
    async (name, { source, rule, line, column }) => {
      const { api_key: key } = await newAccount();
      const res = await call("POST", "/v1/templates", {
        key,
        body: { name, source, example: EXAMPLE, options: PDFUA },
      });
      expect(res.status).toBe(201);
      expect(accessibilityOf(res.json.warnings)).toEqual([
        {
          path: "source",
          code: "accessibility",
          rule,
          message: expect.stringMatching(new RegExp(`^\`source\` \\(line ${line}, column ${column}\\): .*${rule}\\.$`)),
        },
      ]);
    },
  );

  it.each(Object.entries(AUTHORING_CASES))("%s: on publish and on validate", async (_name, { source, rule, line }) => {
    const { api_key: key } = await newAccount();
    const created = await call("POST", "/v1/templates", {
      key,
      body: { name: "t", source: ACCESSIBLE, example: EXAMPLE, options: PDFUA },
    });
    expect(created.json.warnings).toEqual([]);
    const published = await call("POST", "/v1/templates/t/versions", { key, body: { source } });
    expect(published.status).toBe(201);
    const expected = [
      expect.objectContaining({ code: "accessibility", rule, message: expect.stringContaining(`(line ${line},`) }),
    ];
    expect(accessibilityOf(published.json.warnings)).toEqual(expected);
    const validated = await call("POST", "/v1/templates/t/validate", { key, body: { data: EXAMPLE } });
    expect(validated.status).toBe(200);
    expect(accessibilityOf(validated.json.warnings)).toEqual(expected);
  });

  it("answers none without pdfua in the options, and none when the options give the language and title", async () => {
    const { api_key: key } = await newAccount();
    for (const [name, { source }] of Object.entries(AUTHORING_CASES)) {
      const res = await call("POST", "/v1/templates", { key, body: { name, source, example: EXAMPLE } });
      expect(res.status).toBe(201);
      expect(res.json.warnings).toEqual([]);
    }
    const bare = ACCESSIBLE.replace('<html lang="en">', "<html>").replace(/<title>.*<\/title>/, "");
    const metadata = { title: "Order", lang: "en" };
    const res = await call("POST", "/v1/templates", {
      key,
      body: { name: "bare", source: bare, example: EXAMPLE, options: { ...PDFUA, metadata } },
    });
    expect(res.json.warnings).toEqual([]);
  });

  it("reads the first million characters of the HTML: an image past them is left to the render's check", async () => {
    const { api_key: key } = await newAccount();
    const page = (images: string) =>
      `<html lang="en"><title>T</title><h1>T</h1>${images}{% for i in (1..60000) %}<p>0123456789</p>{% endfor %}<img src="late.png">`;
    const res = await call("POST", "/v1/templates", {
      key,
      body: { name: "long", source: page('<img src="early.png">'), options: PDFUA },
    });
    expect(res.json.warnings).toEqual([
      expect.objectContaining({ rule: "13-004", message: expect.stringContaining("(line 1, column 43)") }),
    ]);
  });

  it("an icon link named by aria-label is named; an empty or blank aria-label names nothing", async () => {
    const { api_key: key } = await newAccount();
    const icon = (label: string) =>
      ACCESSIBLE.replace("</a>.</p>", `</a>. <a class="icon" href="https://example.com/help"${label}></a></p>`);
    const named = await call("POST", "/v1/templates", {
      key,
      body: { name: "icon", source: icon(' aria-label="Help"'), example: EXAMPLE, options: PDFUA },
    });
    expect(named.status).toBe(201);
    expect(named.json.warnings).toEqual([]);
    for (const label of [' aria-label=""', ' aria-label=" &#32; "', ""]) {
      const res = await call("POST", "/v1/templates", {
        key,
        body: { name: `blank${label.length}`, source: icon(label), example: EXAMPLE, options: PDFUA },
      });
      expect(accessibilityOf(res.json.warnings), label).toEqual([
        expect.objectContaining({ rule: "FOLIO-LINK-TEXT", message: expect.stringContaining("aria-label") }),
      ]);
    }
  });

  it("reads HTML as a browser does: unquoted and bare attributes, script text, raw blocks, Liquid-written elements", async () => {
    const { api_key: key } = await newAccount();
    const source =
      "<html lang=en><head><title>T</title><script>if (a<b && c>d) {}</script></head><body>\n<h1>T</h1><img alt src='x.png'>\n" +
      "{% raw %}<p>{{ kept }}</p>{% endraw %}\n<section class='pics'>\n  {{ picture }}\n</section></body></html>";
    const example = { picture: "<img src='y.png'>" };
    const res = await call("POST", "/v1/templates", { key, body: { name: "html", source, example, options: PDFUA } });
    // The image a Liquid value writes is placed at the element written around it.
    expect(res.json.warnings).toEqual([
      expect.objectContaining({
        code: "accessibility",
        rule: "13-004",
        message: expect.stringContaining("(line 4, column 1)"),
      }),
    ]);
  });
});
