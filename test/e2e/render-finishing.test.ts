import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../../src/lib/crypto";
import { canonicalJson } from "../../src/lib/jcs";
import { renderLiquid } from "../../src/render/liquid/liquid";
import {
  api,
  createTemplate,
  download,
  fixture,
  fixtureJson,
  inspectPdf,
  newKey,
  sha256,
  waitForRender,
} from "./client";
import { pageTexts } from "./pdf-text";
import { attachments, encryption, field, fonts, opens, outlineTitles, pdfFile, pdfObjects, xmp } from "./pdf-tools";

// Document finishing (/docs#finishing) through the real service and a real Chromium, read back with pdf-lib and pdfjs.
const invoice = (options: Record<string, unknown> = {}) => ({
  name: "invoice",
  source: fixture("invoice.liquid.html"),
  schema: fixtureJson("invoice.schema.json"),
  options,
});
// The fixture invoice's XML is EN 16931 and declares it; these tests are about the embedding, under other profiles
// too, so they keep any violation in the receipt instead of being refused (test/e2e/e-invoice-rules.test.ts checks
// the rules).
const facturX = (profile = "en16931") => ({
  standard: "factur-x",
  profile,
  xml: fixture("invoice.facturx.xml.liquid"),
  validation: "report",
});

/**
 * Three parts of eight chapters, chapters of uneven length: the contents run over two pages and push every heading
 * on. The parts have ids of their own (non-ASCII: links to them are percent-encoded); the rest get one.
 */
const HANDBOOK = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Handbook</title>
<style>@page { size: A4; margin: 20mm } body { font: 12pt/1.5 sans-serif } h1 { break-before: page } .contents { font-size: 20pt }</style></head>
<body><p class="contents">Contents</p><nav data-toc></nav>
{% for part in parts %}<h1 id="teil-{{ part | downcase }}-ü">Part {{ part }}</h1>{% for n in (1..8) %}{% assign size = n | times: 7 | modulo: 5 | plus: 2 %}<h2>Chapter {{ part }} {{ n }}</h2>
{% for i in (1..size) %}<p>Paragraph {{ i }} of chapter {{ n }}: {{ filler }}</p>{% endfor %}<h3>Notes on {{ part }} {{ n }}</h3><p>{{ filler }}</p>{% endfor %}{% endfor %}
</body></html>`;
const HANDBOOK_DATA = {
  parts: ["Alpha", "Beta", "Gamma"],
  filler:
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ".repeat(
      3,
    ),
};

async function renderPdf(template: string, body: Record<string, unknown>, key?: string) {
  const res = await api("POST", "/v1/render", { template, ...body }, key);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const bytes = (await download(res.json.url)).bytes;
  return { render: res.json, bytes, ...(await inspectPdf(bytes)) };
}

/** The PDF's /ID as docs/rendering.md#deterministic-output derives it: the first 32 hex digits of the cache key. */
async function expectedDocumentId(template: string, data: unknown, merged: Record<string, unknown>) {
  const { checksum } = (await api("GET", `/v1/templates/${template}`)).json;
  return (await sha256Hex(`${checksum}\npdf\n${canonicalJson(data)}\n${canonicalJson(merged)}`)).slice(0, 32);
}

describe("tagged, outline and toc", () => {
  it("tags the document with its language, bookmarks every heading, and lists each h1-h3 with the page its text is found on", async () => {
    const template = await createTemplate({ name: "handbook", source: HANDBOOK });
    const pdf = await renderPdf(template, { data: HANDBOOK_DATA, options: { outline: true, toc: true } });
    expect(pdf.info.tagged).toBe(true);
    expect((await pdfObjects(pdf.file)).catalog["/Lang"]).toBe("u:fr");

    const chapters = (part: string) =>
      Array.from({ length: 8 }, (_, i) => ({ title: `Chapter ${part} ${i + 1}`, kids: [`Notes on ${part} ${i + 1}`] }));
    expect(await outlineTitles(pdf.file)).toEqual(
      HANDBOOK_DATA.parts.map((part) => ({ title: `Part ${part}`, kids: chapters(part) })),
    );

    const pages = (await pageTexts(pdf.file)).map((text) => text.split("\n"));
    const tocPages = pages.findIndex((lines) => lines.some((line) => line.trim() === "Part Alpha"));
    expect(tocPages).toBeGreaterThanOrEqual(2);
    const titles = HANDBOOK_DATA.parts.flatMap((part) => [
      `Part ${part}`,
      ...Array.from({ length: 8 }, (_, i) => [`Chapter ${part} ${i + 1}`, `Notes on ${part} ${i + 1}`]).flat(),
    ]);
    const listed = pages.slice(0, tocPages).flat();
    for (const title of titles) {
      const entry = listed.map((line) => new RegExp(`^\\s*${title}\\s+(\\d+)\\s*$`).exec(line)).find(Boolean);
      const landed =
        pages.findIndex((lines, index) => index >= tocPages && lines.some((line) => line.trim() === title)) + 1;
      expect({ title, page: Number(entry?.[1]) }).toEqual({ title, page: landed });
    }
  });

  it("tags without bookmarks when only tagged is asked for", async () => {
    const template = await createTemplate({
      name: "tagged",
      source: "<html lang='de'><body><h1>Grüße</h1><p>Hallo {{ who }}</p></body></html>",
    });
    const pdf = await renderPdf(template, { data: { who: "Ada" }, options: { tagged: true } });
    expect(pdf.info.tagged).toBe(true);
    expect((await pdfObjects(pdf.file)).catalog["/Lang"]).toBe("u:de");
    expect(await outlineTitles(pdf.file)).toEqual([]);
  });
});

describe("watermark", () => {
  it("puts the text on every page, drawn before the page's own text", async () => {
    const template = await createTemplate({
      name: "marked",
      source: "<body>{% for i in (1..2) %}<p style='break-after:page'>Page body {{ i }}</p>{% endfor %}</body>",
    });
    const pdf = await renderPdf(template, {
      options: { watermark: { text: "CONFIDENTIAL", opacity: 0.2, angle: -30 } },
    });
    expect(pdf.pages).toBe(2);
    const pages = await pageTexts(pdf.file, { raw: true });
    for (const [i, text] of pages.entries())
      expect(text.indexOf("CONFIDENTIAL")).toBeLessThan(text.indexOf(`Page body ${i + 1}`));
    expect(pages.every((text) => text.includes("CONFIDENTIAL"))).toBe(true);
  });
});

describe("PDF/A", () => {
  it.each([
    ["2b", "2"],
    ["3b", "3"],
  ])(
    "%s: XMP identification, an sRGB output intent, every font embedded, the id from the cache key, no dates",
    async (level, part) => {
      const template = await createTemplate(invoice());
      const data = fixtureJson("invoice.data.json");
      const pdf = await renderPdf(template, { data, options: { pdfa: level, tagged: true } });
      const meta = await xmp(pdf.file);
      expect(meta).toContain(`<pdfaid:part>${part}</pdfaid:part>`);
      expect(meta).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
      expect(meta).not.toMatch(/CreateDate|ModifyDate|MetadataDate/);
      expect(pdf.info).toMatchObject({
        creationDate: undefined,
        modDate: undefined,
        pdfVersion: "1.7",
        encrypted: false,
      });
      expect(pdf.bytes.subarray(0, 14).toString("latin1")).toMatch(/^%PDF-1\.7\n%[\x80-\xff]{4}/);

      const { trailer, catalog, resolve, streamBytes } = await pdfObjects(pdf.file);
      const [intent] = (catalog["/OutputIntents"] as string[]).map(resolve);
      expect(intent).toMatchObject({
        "/Type": "/OutputIntent",
        "/S": "/GTS_PDFA1",
        "/OutputConditionIdentifier": "u:sRGB IEC61966-2.1",
      });
      expect(resolve(field(intent, "/DestOutputProfile"))).toMatchObject({ "/N": 3 });
      const icc = streamBytes(field(intent, "/DestOutputProfile"));
      expect([icc.subarray(36, 40).toString(), icc.subarray(16, 20).toString()]).toEqual(["acsp", "RGB "]);
      expect(icc.toString("latin1")).toContain("sRGB IEC61966-2.1");

      const used = await fonts(pdf.file);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((font) => !font.embedded)).toEqual([]);
      const id = await expectedDocumentId(template, data, { pdfa: level, tagged: true });
      expect(trailer["/ID"]).toEqual([`b:${id}`, `b:${id}`]);
    },
  );
});

describe("attachments and Factur-X", () => {
  it("embeds the CII XML rendered from the same data as factur-x.xml, with the Factur-X XMP and AFRelationship Alternative", async () => {
    const template = await createTemplate(invoice({ e_invoice: facturX() }));
    const data = fixtureJson("invoice.data.json");
    const pdf = await renderPdf(template, { data });
    const files = await attachments(pdf.file);
    expect([...files.keys()]).toEqual(["factur-x.xml"]);
    const xml = files.get("factur-x.xml")!.toString("utf8");
    expect(xml).toBe(
      await renderLiquid(fixture("invoice.facturx.xml.liquid"), { data, instant: new Date() }, "xml", "xml"),
    );
    const number = /<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)</.exec(xml)![1]!;
    const total = Number(/<ram:GrandTotalAmount>([^<]+)</.exec(xml)![1]);
    expect(pdf.text).toContain(number);
    const shown = /Total due\s+([\d.,]+)\s€/.exec(pdf.text)![1]!;
    expect(Number(shown.replace(/\./g, "").replace(",", "."))).toBe(total);

    const meta = await xmp(pdf.file);
    expect(meta).toContain("urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#");
    expect(meta).toContain("<pdfaExtension:schemas>");
    expect(meta).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(meta).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(meta).toContain("<pdfaid:part>3</pdfaid:part>");
    const { catalog, resolve } = await pdfObjects(pdf.file);
    expect((catalog["/AF"] as string[]).map(resolve)).toEqual([
      expect.objectContaining({ "/AFRelationship": "/Alternative", "/UF": "u:factur-x.xml" }),
    ]);
  });

  it("embeds attachments, utf8 content rendered as Liquid, with AFRelationship Data in a PDF/A-3b", async () => {
    const template = await createTemplate(invoice());
    const logo = Buffer.from([0, 1, 2, 250, 251, 252]);
    const options = {
      pdfa: "3b",
      attachments: [
        {
          filename: "order.json",
          content: '{"invoice": "{{ invoice.number }}", "lines": {{ items.size }}}',
          mime_type: "application/json",
          description: "The order",
        },
        {
          filename: "raw.bin",
          content: logo.toString("base64"),
          encoding: "base64",
          mime_type: "application/octet-stream",
        },
      ],
    };
    const pdf = await renderPdf(template, { data: fixtureJson("invoice.data.json"), options });
    const files = await attachments(pdf.file);
    expect(files.get("order.json")!.toString("utf8")).toBe('{"invoice": "INV-2026-0142", "lines": 8}');
    expect(files.get("raw.bin")).toEqual(logo);
    const { catalog, resolve } = await pdfObjects(pdf.file);
    expect((catalog["/AF"] as string[]).map((ref) => field(resolve(ref), "/AFRelationship"))).toEqual([
      "/Data",
      "/Data",
    ]);
    expect(await xmp(pdf.file)).toContain("<pdfaid:part>3</pdfaid:part>");
  });

  it.each([
    ["not well-formed", "<rsm:CrossIndustryInvoice>{{ invoice.number }}</rsm:Invoice>", /not well-formed XML/],
    [
      "another root",
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>{{ invoice.number }}</ID></Invoice>',
      /root element is Invoice/,
    ],
  ])("refuses XML that is %s: render_failed at stage template", async (_, xml, message) => {
    const template = await createTemplate(invoice());
    const res = await api("POST", "/v1/render", {
      template,
      data: fixtureJson("invoice.data.json"),
      options: { e_invoice: { standard: "factur-x", profile: "basic", xml } },
    });
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({
      type: "render_failed",
      message: expect.stringMatching(message),
      details: { stage: "template", retryable: false },
    });
  });
});

/**
 * Every file of the service's local state (D1, R2, Durable Objects) and its logs that holds `secret`. SQLite removes
 * its -shm and -wal files as the service works: one gone between listing and reading held nothing.
 */
function stateFilesHolding(secret: string): string[] {
  const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  const read = <T>(path: string, what: (path: string) => T, fallback: T): T => {
    try {
      return what(path);
    } catch (error) {
      if (gone(error)) return fallback;
      throw error;
    }
  };
  const walk = (dir: string): string[] =>
    read(dir, (path) => readdirSync(path), [] as string[]).flatMap((name) =>
      read(join(dir, name), (path) => statSync(path).isDirectory(), false) ? walk(join(dir, name)) : [join(dir, name)],
    );
  return walk(inject("statePath")).filter((file) => read(file, (path) => readFileSync(path).includes(secret), false));
}

describe("encryption", () => {
  const owner = `owner-${process.pid}-Kx81`;
  const user = `reader-${process.pid}-Qm27`;

  it("locks the file with AES-256 and the asked permissions, answers a repeat from the cache, and keeps the passwords nowhere", async () => {
    const template = await createTemplate({ name: "locked", source: "<p>Secret report for {{ who }}</p>" });
    const options = {
      encryption: {
        owner_password: owner,
        user_password: user,
        permissions: { print: true, copy: false, modify: false, annotate: true },
      },
    };
    const first = await api("POST", "/v1/render", { template, data: { who: "Ada" }, options });
    expect(first.status).toBe(200);
    const file = pdfFile((await download(first.json.url)).bytes);
    expect(await opens(file)).toBe("password needed");
    expect(await opens(file, `${user}x`)).toBe("password incorrect");
    await expect(pageTexts(file)).rejects.toThrow(/No password given/);
    expect(await encryption(file)).toEqual({
      algorithm: "AES-256",
      print: true,
      copy: false,
      change: false,
      addNotes: true,
    });
    expect((await pageTexts(file, { password: user })).join("")).toContain("Secret report for Ada");
    expect(await opens(file, owner)).toBe("opened");

    const repeat = await api("POST", "/v1/render", { template, data: { who: "Ada" }, options });
    expect(repeat.json).toMatchObject({ status: "succeeded", cached: true, byte_size: first.json.byte_size });
    // Its /ID, readable by anyone holding the file, is random like its salts: not the cache key, which hashes the
    // passwords.
    expect(((await pdfObjects(file, user)).trailer["/ID"] as string[])[0]).not.toBe(
      `b:${await expectedDocumentId(template, { who: "Ada" }, options)}`,
    );
    const queued = await api("POST", "/v1/render", { template, data: { who: "Grace" }, options, async: true });
    expect(queued.status).toBe(202);
    const done = await waitForRender(queued.json.id);
    expect(done.status).toBe("succeeded");
    const queuedFile = pdfFile((await download(done.url)).bytes);
    expect((await pageTexts(queuedFile, { password: user })).join("")).toContain("Secret report for Grace");

    const answers = [
      first,
      repeat,
      queued,
      await api("GET", `/v1/renders/${first.json.id}`),
      await api("GET", "/v1/renders?limit=10"),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.json)).not.toMatch(/Kx81|Qm27/);
    // The search does find what is kept: the template's source, in D1.
    expect(stateFilesHolding("Secret report for {{ who }}").length).toBeGreaterThan(0);
    expect(stateFilesHolding(owner)).toEqual([]);
    expect(stateFilesHolding(user)).toEqual([]);
  });

  it("without a user password, opens for anyone with only the permissions given", async () => {
    const template = await createTemplate({ name: "open", source: "<p>Open report</p>" });
    const res = await api("POST", "/v1/render", {
      template,
      options: { encryption: { owner_password: owner, permissions: { print: false } } },
    });
    const file = pdfFile((await download(res.json.url)).bytes);
    expect(await opens(file)).toBe("opened");
    expect(await encryption(file)).toEqual({
      algorithm: "AES-256",
      print: false,
      copy: true,
      change: true,
      addNotes: true,
    });
    expect((await pageTexts(file)).join("")).toContain("Open report");
  });
});

describe("determinism", () => {
  it("gives byte-identical files to two accounts for every option but encryption", async () => {
    const digests: string[][] = [];
    for (const key of [await newKey(), await newKey()]) {
      const handbook = await createTemplate({ name: "handbook", source: HANDBOOK }, key);
      const bill = await createTemplate(invoice({ e_invoice: facturX("basic") }), key);
      const a = await renderPdf(
        handbook,
        {
          data: HANDBOOK_DATA,
          options: { tagged: true, outline: true, toc: true, watermark: { text: "DRAFT" }, pdfa: "2b" },
        },
        key,
      );
      const b = await renderPdf(
        bill,
        {
          data: fixtureJson("invoice.data.json"),
          options: { attachments: [{ filename: "note.txt", content: "{{ invoice.note }}", mime_type: "text/plain" }] },
        },
        key,
      );
      digests.push([sha256(a.bytes), sha256(b.bytes)]);
    }
    expect(digests[0]).toEqual(digests[1]);
  });
});
