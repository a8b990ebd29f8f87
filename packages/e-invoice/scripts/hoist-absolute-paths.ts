// A rule's assert that reads the document from its root (`//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/
// ram:ID[@schemeID = 'VA']`, CEN's BR-S-02 on every invoice line) walks the whole invoice each time the rule meets a
// node: for 600 lines, 600 walks of a 600-line invoice, and CEN's CII rules took 9 s. This rewrite evaluates each
// such path once per invoice, as a global variable, and lets the asserts read the variable.
//
// The value is the same: an absolute path's value depends only on the document it is read from (absolute-paths.ts
// keeps out any path using a variable or current()), a rule's context node is always in the invoice, and a global
// variable is evaluated with the invoice as its context. A global variable is evaluated when first read, so an
// assert that never reads the path (its rule never fires, or `or` stops early) raises no error from it either.
// compile-rules.ts proves the result on the sample variants, as it does every rewrite.
import { type XmlAttribute, XmlDocument } from "libxml2-wasm";
import { absolutePaths } from "./absolute-paths.ts";

const XSL = { xsl: "http://www.w3.org/1999/XSL/Transform" };
const PREFIX = "folio-path-";

/** `text` as an attribute value in XML source: tabs and line ends kept, not read back as spaces. */
const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;");

/** The stylesheet with every absolute path in its rules' tests read from a global variable; how many there are. */
export function hoistAbsolutePaths(xslt: string): { xslt: string; hoisted: number } {
  if (xslt.includes(PREFIX)) throw new Error(`the stylesheet already uses names starting with ${PREFIX}`);
  const doc = XmlDocument.fromString(xslt);
  const variables = new Map<string, string>();
  try {
    const tests = doc.find(
      "//xsl:template[@mode][@priority]//*[self::xsl:when or self::xsl:if]/@test",
      XSL,
    ) as XmlAttribute[];
    for (const test of tests) {
      const expression = test.value;
      let rewritten = "";
      let at = 0;
      for (const { start, end } of absolutePaths(expression)) {
        const path = expression.slice(start, end);
        let name = variables.get(path);
        if (name === undefined) {
          name = `${PREFIX}${variables.size + 1}`;
          variables.set(path, name);
        }
        rewritten += `${expression.slice(at, start)}$${name}`;
        at = end;
      }
      // libxml2 reads a value it is given as attribute text, entities and all: a literal "&" must come escaped.
      if (at > 0) test.value = (rewritten + expression.slice(at)).replace(/&/g, "&amp;");
    }
    const serialized = doc.toString();
    const declarations = [...variables]
      .map(([path, name]) => `<xsl:variable name="${name}" select="${escapeAttribute(path)}"/>\n`)
      .join("");
    const first = serialized.indexOf("<xsl:template");
    if (first < 0) throw new Error("the stylesheet has no template");
    return { xslt: serialized.slice(0, first) + declarations + serialized.slice(first), hoisted: variables.size };
  } finally {
    doc.dispose();
  }
}
