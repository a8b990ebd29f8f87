// The proof compile-rules.ts asks of a rewritten stylesheet (direct-pattern-walks.xsl): on each sample invoice, and
// on every variant of it with one element removed or one value emptied, the rewritten and the unmodified compiled
// stylesheets report the same findings (rule id, flag, location and text) in the same order. Removing and
// emptying elements one at a time makes most of the rules fire somewhere, which a valid sample alone would not.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XmlDocument, type XmlElement, type XmlText } from "libxml2-wasm";
import SaxonJS from "saxon-js";

const SAMPLES = join(import.meta.dirname, "../../../fixtures/e-invoice");
const FINDINGS = `string-join(descendant::*[self::svrl:failed-assert or self::svrl:successful-report] !
  string-join((@id, @flag, @location, normalize-space(svrl:text)), ' | '), '&#10;')`;

interface Compiled {
  stylesheet: unknown;
  baseUri: string;
  documentPool: Record<string, unknown>;
}

const parse = (text: string): unknown => SaxonJS.XPath.evaluate("parse-xml($text)", null, { params: { text } });

export function loadCompiled(sefFile: string, baseUri: string, codeList?: string): Compiled {
  const documentPool: Record<string, unknown> = {};
  if (codeList) {
    const name = codeList.slice(codeList.lastIndexOf("/") + 1);
    documentPool[new URL(name, baseUri).href] = parse(readFileSync(codeList, "utf8"));
  }
  return { stylesheet: JSON.parse(readFileSync(sefFile, "utf8")), baseUri, documentPool };
}

/** The findings as lines, or the error that stopped the rules (both versions must stop alike). */
function findings(compiled: Compiled, invoice: unknown): string {
  try {
    return svrlFindings(compiled, invoice);
  } catch (error) {
    return `stopped: ${(error as Error).message}`;
  }
}

function svrlFindings(compiled: Compiled, invoice: unknown): string {
  const svrl = SaxonJS.transform(
    {
      stylesheetInternal: compiled.stylesheet,
      stylesheetBaseURI: compiled.baseUri,
      sourceNode: invoice,
      destination: "document",
      documentPool: compiled.documentPool,
    },
    "sync",
  ).principalResult;
  return SaxonJS.XPath.evaluate(FINDINGS, svrl, {
    namespaceContext: { svrl: "http://purl.oclc.org/dsdl/svrl" },
  }) as string;
}

/** libxml2's document, given to `change` and serialized after, always freed. */
function edited(xml: string, change: (doc: XmlDocument) => boolean): string | undefined {
  const doc = XmlDocument.fromString(xml);
  try {
    return change(doc) ? doc.toString() : undefined;
  } finally {
    doc.dispose();
  }
}

/** One variant per element of the sample: the element removed, or, for an element holding text, its text emptied. */
function variants(xml: string): string[] {
  const out = [xml];
  const doc = XmlDocument.fromString(xml);
  const count = doc.find("//*").length;
  doc.dispose();
  for (let i = 1; i < count; i++) {
    const nth = (doc: XmlDocument) => doc.find("//*")[i] as XmlElement | undefined;
    const removed = edited(xml, (doc) => {
      nth(doc)?.remove();
      return true;
    });
    const emptied = edited(xml, (doc) => {
      const element = nth(doc);
      if (!element || element.find("*").length > 0 || element.content.trim() === "") return false;
      for (const text of element.find("text()") as XmlText[]) text.content = "";
      return true;
    });
    for (const variant of [removed, emptied]) if (variant !== undefined) out.push(variant);
  }
  return out;
}

/** Throws, naming the sample and the first difference, unless both report the same on every variant. */
export function assertSameFindings(original: Compiled, rewritten: Compiled, samples: readonly string[]): number {
  let checked = 0;
  for (const sample of samples)
    for (const xml of variants(readFileSync(join(SAMPLES, sample), "utf8"))) {
      const invoice = parse(xml);
      const expected = findings(original, invoice);
      const actual = findings(rewritten, invoice);
      if (actual !== expected)
        throw new Error(
          `${sample}: the rewritten rules differ on a variant\nexpected:\n${expected}\nactual:\n${actual}`,
        );
      checked++;
    }
  return checked;
}
