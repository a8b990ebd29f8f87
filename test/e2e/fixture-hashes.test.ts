// The same template and data give the same bytes on every machine (README, "Chromium and fonts"): Folio prints
// with the Chromium build and the font files its npm install brings, never the host's. The SHA-256 of each fixture
// render is recorded in fixture-hashes.json; a changed hash is a deliberate update (a new Chromium, a new font
// file, a change to the render path), written with `UPDATE_FIXTURE_HASHES=1` and explained in its commit.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson, sha256 } from "./client";

const RECORDED = join(import.meta.dirname, "fixture-hashes.json");
const recorded = JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, string>;
const seen: Record<string, string> = {};

const invoice = () => ({
  name: "hash-invoice",
  source: fixture("invoice.liquid.html"),
  schema: fixtureJson("invoice.schema.json"),
});
const card = () => ({
  name: "hash-card",
  engine: "satori",
  source: fixture("card.satori.html"),
  schema: fixtureJson("card.schema.json"),
});
/** Every script the shipped fonts cover, in one page: a font that changes shows here first. */
const scripts = () => ({
  name: "hash-scripts",
  source: [
    "<!doctype html><html><body style='font-family: sans-serif'>",
    "<p>Ünïcode · Ελληνικά · Кириллица</p><p lang='ja'>山田太郎</p><p lang='zh'>张伟</p><p lang='ko'>김민준</p>",
    "<p dir='rtl'>مرحبا</p><p dir='rtl'>שלום</p><p>नमस्ते</p><p>สวัสดี</p><p>😀🎉</p>",
    "<p style='font-family: serif'>Serif</p><p style='font-family: monospace'>Mono</p></body></html>",
  ].join(""),
});

const CASES = [
  { name: "invoice, 1 page, PDF", template: invoice, data: "invoice.data.json", format: "pdf" },
  { name: "invoice, 8 pages, PDF", template: invoice, data: "invoice-long.data.json", format: "pdf" },
  { name: "invoice, PNG", template: invoice, data: "invoice.data.json", format: "png" },
  { name: "scripts and emoji, PDF", template: scripts, data: null, format: "pdf" },
  { name: "social card, PNG (satori)", template: card, data: "card.data.json", format: "png" },
] as const;

describe("fixture renders are the same bytes on every machine", () => {
  it.each(CASES)("$name", async ({ name, template, data, format }) => {
    const res = await api("POST", "/v1/render", {
      template: await createTemplate(template()),
      format,
      ...(data ? { data: fixtureJson(data) } : {}),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const file = await download(res.json.url);
    seen[name] = sha256(file.bytes);
    if (process.env.UPDATE_FIXTURE_HASHES !== "1")
      expect(seen[name], `${name}: the bytes changed (see the comment at the top of this file)`).toBe(recorded[name]);
  });

  afterAll(() => {
    if (process.env.UPDATE_FIXTURE_HASHES === "1") writeFileSync(RECORDED, `${JSON.stringify(seen, null, 2)}\n`);
  });
});
