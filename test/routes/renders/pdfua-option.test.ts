import { env } from "cloudflare:workers";
import { MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import { PDFUA_CHECKER } from "@folio/render-page/pdfua/rules";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { canonicalJson } from "../../../src/lib/jcs";
import { call, expectError, newAccount } from "../../helpers";

// `options.pdfua` and `options.metadata.lang` (/docs#finishing): their shape and the combinations a render
// refuses, answered before any Chromium work (this project has no renderer).
const DOC = { name: "doc", source: "<h1>{{ who }}</h1>" };
const CARD = { name: "card", engine: "satori", source: "<div style='display:flex'>Hi {{ who }}</div>" };
const OWNER = "owner-Secret-4711";
const UBL = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>';

async function setup() {
  const { api_key: key } = await newAccount();
  for (const body of [DOC, CARD]) expect((await call("POST", "/v1/templates", { key, body })).status).toBe(201);
  return key;
}

const render = (key: string, body: Record<string, unknown>) =>
  call("POST", "/v1/render", { key, body: { template: "doc", data: { who: "x" }, ...body } });

describe("options.pdfua", () => {
  it.each([
    ["pdf", { pdfua: "1", tagged: false }, "options.tagged"],
    ["pdf", { pdfua: "1", encryption: { owner_password: OWNER, permissions: { copy: false } } }, "options.encryption"],
    [
      "xml",
      { pdfua: "1", e_invoice: { standard: "ubl", cius: "en16931", xml: UBL, embed_pdf: false } },
      "options.pdfua",
    ],
  ])("refuses a %s render with %j: 400 at %s, before anything renders", async (format, options, path) => {
    const key = await setup();
    const error = expectError(await render(key, { format, options }), 400, "invalid_request");
    expect(error.errors).toEqual([expect.objectContaining({ path, message: expect.stringContaining("`pdfua`") })]);
    expect(JSON.stringify(error)).not.toContain(OWNER);
  });

  it("refuses chunk: 400 at options.pdfua", async () => {
    const key = await setup();
    const options = { pdfua: "1", chunk: { over: "rows", size: 10 } };
    const error = expectError(await render(key, { data: { rows: [1, 2] }, options }), 400, "invalid_request");
    expect(error.errors).toEqual([
      expect.objectContaining({ path: "options.pdfua", message: expect.stringContaining("`chunk`") }),
    ]);
  });

  it.each(["png", "jpg"])("applies to PDF only: 400 at options.pdfua on %s", async (format) => {
    const key = await setup();
    const error = expectError(await render(key, { format, options: { pdfua: "1" } }), 400, "invalid_request");
    expect(error.errors).toEqual([
      expect.objectContaining({ path: "options.pdfua", message: "`pdfua` applies to pdf only." }),
    ]);
  });

  it.each([["2"], [1], [true], ["1b"]])('is the string "1" only: %j is 400 at options.pdfua', async (pdfua) => {
    const key = await setup();
    const error = expectError(await render(key, { options: { pdfua } }), 400, "invalid_request");
    expect(error.errors).toEqual([expect.objectContaining({ path: "options.pdfua", expected: 'exactly "1"' })]);
  });

  it("refuses a template whose default options conflict, at create", async () => {
    const key = await setup();
    const conflicting = {
      name: "ubl-bare",
      source: "<p>x</p>",
      options: { pdfua: "1", e_invoice: { standard: "ubl", cius: "en16931", xml: UBL, embed_pdf: false } },
    };
    const refused = expectError(
      await call("POST", "/v1/templates", { key, body: conflicting }),
      400,
      "invalid_request",
    );
    expect(refused.errors).toEqual([
      expect.objectContaining({ path: "options.pdfua", message: expect.stringContaining("`embed_pdf: false`") }),
    ]);
  });
});

describe("the page ceiling of a pdfua render", () => {
  it("refuses a template that expects more pages before Chromium is asked (this project has no renderer)", async () => {
    // A pay-as-you-go account, so the quota's own estimate does not refuse first.
    const { api_key: key } = await newAccount({ plan: "payg" });
    expect((await call("POST", "/v1/templates", { key, body: DOC })).status).toBe(201);
    const long = { name: "long", source: "<h1>x</h1>", expected_pages: MAX_PDFUA_PAGES + 1 };
    expect((await call("POST", "/v1/templates", { key, body: long })).status).toBe(201);
    const res = await render(key, { template: "long", options: { pdfua: "1" } });
    const error = expectError(res, 500, "render_failed");
    expect(error.details).toMatchObject({ stage: "accessibility", max_pages: MAX_PDFUA_PAGES, retryable: false });
  });
});

describe("the cache key of a pdfua render", () => {
  it("holds the checker's version, so a new checker renders and checks afresh", async () => {
    const key = await setup();
    const options = { pdfua: "1", metadata: { lang: "en" } };
    const res = await render(key, { options, async: true });
    expect(res.status).toBe(202);
    const row = await env.DB.prepare("SELECT cache_key FROM renders WHERE id = ?")
      .bind(res.json.id)
      .first<{ cache_key: string }>();
    const { checksum } = (await call("GET", "/v1/templates/doc", { key })).json;
    const keyed = (opts: object) =>
      sha256Hex(`${checksum}\npdf\n${canonicalJson({ who: "x" })}\n${canonicalJson(opts)}`);
    expect(row?.cache_key).toBe(await keyed({ ...options, pdfua_checker: PDFUA_CHECKER }));
    expect(row?.cache_key).not.toBe(await keyed(options));
  });
});

describe("options.metadata.lang", () => {
  it.each([["en"], ["de-CH"], ["zh-Hant-TW"], ["sr-Latn-RS"]])("takes the BCP 47 tag %s", async (lang) => {
    const key = await setup();
    const answer = await render(key, { format: "png", template: "card", options: { metadata: { lang } } });
    // A satori card's PNG does not use metadata, so the well-formed tag reaches the format rule, not the schema's.
    const error = expectError(answer, 400, "invalid_request");
    expect(error.errors?.map((e) => e.path)).toEqual(["options.metadata"]);
  });

  it.each([[""], ["e"], ["english language"], ["de_CH"], ["de-"], ["<script>"], ["x".repeat(20)]])(
    "refuses %j at options.metadata.lang",
    async (lang) => {
      const key = await setup();
      const error = expectError(await render(key, { options: { metadata: { lang } } }), 400, "invalid_request");
      expect(error.errors).toEqual([
        expect.objectContaining({ path: "options.metadata.lang", expected: expect.stringContaining("BCP 47") }),
      ]);
    },
  );
});
