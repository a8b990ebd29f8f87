// The proof compile-rules.ts asks of a rewritten stylesheet (direct-pattern-walks.xsl, inline-code-lists.xsl,
// hoist-absolute-paths.ts): on each sample invoice, and
// on every variant of it with one element removed, one value emptied or one value replaced by a code no list holds,
// the rewritten and the unmodified compiled stylesheets report the same findings (rule id, flag, location and
// text) in the same order. Changing the invoice one place at a time makes most of the rules fire somewhere, which a
// valid sample alone would not.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { type XmlAttribute, XmlDocument, type XmlElement, type XmlText } from "libxml2-wasm";
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

/** A compiled stylesheet; the unmodified Factur-X ones read their code list, given here, with document(). */
export function loadCompiled(sefFile: string, baseUri: string, codeList?: string): Compiled {
  const documentPool: Record<string, unknown> = {};
  if (codeList) {
    documentPool[new URL(basename(codeList), baseUri).href] = parse(readFileSync(codeList, "utf8"));
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

/** A value no code list holds: a variant carrying it makes the rules that look a code up fail there. */
const NOT_A_CODE = "FOLIO-NOT-A-CODE";

/**
 * Variants of the sample, one change each: every element removed; every element holding text emptied, and given a
 * value no code list holds; every attribute given that value too.
 */
function variants(xml: string): string[] {
  const out = [xml];
  const doc = XmlDocument.fromString(xml);
  const elements = doc.find("//*").length;
  const attributes = doc.find("//@*").length;
  doc.dispose();
  const leaf = (doc: XmlDocument, i: number) => {
    const element = doc.find("//*")[i] as XmlElement | undefined;
    return element && element.find("*").length === 0 && element.content.trim() !== "" ? element : undefined;
  };
  const setText = (element: XmlElement, value: string) => {
    const texts = element.find("text()") as XmlText[];
    texts.forEach((text, n) => {
      text.content = n === 0 ? value : "";
    });
  };
  for (let i = 1; i < elements; i++) {
    const removed = edited(xml, (doc) => {
      (doc.find("//*")[i] as XmlElement | undefined)?.remove();
      return true;
    });
    const revalued = ["", NOT_A_CODE].map((value) =>
      edited(xml, (doc) => {
        const element = leaf(doc, i);
        if (element) setText(element, value);
        return element !== undefined;
      }),
    );
    for (const variant of [removed, ...revalued]) if (variant !== undefined) out.push(variant);
  }
  for (let i = 0; i < attributes; i++) {
    const variant = edited(xml, (doc) => {
      const attribute = doc.find("//@*")[i] as XmlAttribute | undefined;
      if (attribute) attribute.value = NOT_A_CODE;
      return attribute !== undefined;
    });
    if (variant !== undefined) out.push(variant);
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
