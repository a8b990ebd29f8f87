// The tight floor for the long statement (bench/RESULTS.md, "Long documents"): the statement fixture printed in one
// piece on a warm page reused in-process (bench/tight-floor.ts), its header and footer as Chromium's own templates, no
// HTTP, storage or finishing. What Folio's chunked render is compared with, at the lengths one print can reach.
// `tsx bench/statement-floor.ts [pages ...]` (default 10 100 1000).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { statementData } from "../fixtures/statement-data.ts";
import { wholeAsOneChunk } from "../src/domain/renders/chunk-slices.ts";
import { renderLiquid } from "../src/render/liquid/liquid.ts";
import { launch } from "./floors.ts";
import { TightFloor } from "./tight-floor.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const source = readFileSync(join(FIXTURES, "statement.liquid.html"), "utf8");
const options = JSON.parse(readFileSync(join(FIXTURES, "statement.options.json"), "utf8"));

/** The statement's page and its header and footer, rendered as a single print renders them (one chunk: the whole). */
async function statementPrint(pages: number) {
  const data = statementData(pages) as { statement: { lines: unknown[] } };
  const whole = { data: wholeAsOneChunk(data, data.statement.lines), instant: new Date("2026-11-26") };
  const part = (text: string, path: string) => renderLiquid(text, { data, instant: whole.instant }, path);
  return {
    html: await renderLiquid(source, whole),
    header: await part(options.header_html, "options.header_html"),
    footer: await part(options.footer_html, "options.footer_html"),
  };
}

const browser = await launch();
try {
  const floor = await TightFloor.open(browser, 1);
  for (const pages of process.argv.slice(2).map(Number).filter(Boolean).length
    ? process.argv.slice(2).map(Number)
    : [10, 100, 1000]) {
    const { html, header, footer } = await statementPrint(pages);
    const started = performance.now();
    try {
      const pdf = await floor.render(html, "pdf", {
        displayHeaderFooter: true,
        headerTemplate: header,
        footerTemplate: footer,
        margin: options.margin,
      });
      const printed = (new TextDecoder("latin1").decode(pdf).match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      const ms = performance.now() - started;
      console.log(
        `${pages} pages asked, ${printed} printed: ${ms.toFixed(0)} ms, ${(ms / printed).toFixed(1)} ms/page`,
      );
    } catch (error) {
      console.log(`${pages} pages: the floor could not print it in one piece (${(error as Error).message})`);
    }
  }
} finally {
  await browser.close();
}
