// The scanner behind the compile-time rewrite that evaluates a rule's absolute paths once per invoice
// (packages/e-invoice/scripts/absolute-paths.ts): it must find exactly the paths that depend on the document alone,
// whole, and leave alone anything it cannot be sure of. compile-rules.ts proves each rewritten rule set on sample
// variants; these are the shapes the artefacts use, and the traps.
import { XmlDocument } from "libxml2-wasm";
import { describe, expect, it } from "vitest";
import { absolutePaths } from "../../packages/e-invoice/scripts/absolute-paths";
import { hoistAbsolutePaths } from "../../packages/e-invoice/scripts/hoist-absolute-paths";

const found = (expression: string) => absolutePaths(expression).map(({ start, end }) => expression.slice(start, end));
/** Each expression, as the scanner must leave it: no path taken out. */
const leftAlone = (...expressions: string[]) => {
  for (const expression of expressions) expect(found(expression), expression).toEqual([]);
};

describe("absolute paths in an XPath expression", () => {
  it("finds root-based paths whole, predicates, calls and all", () => {
    expect(found("(//ram:SellerTradeParty/ram:ID[@schemeID = ('VA', 'FC')] or //ram:X/ram:Y)")).toEqual([
      "//ram:SellerTradeParty/ram:ID[@schemeID = ('VA', 'FC')]",
      "//ram:X/ram:Y",
    ]);
    expect(found("sum(/rsm:A/ram:B[ram:C = 'S']/ram:D/xs:decimal(.)) * 10")).toEqual([
      "/rsm:A/ram:B[ram:C = 'S']/ram:D/xs:decimal(.)",
    ]);
    expect(found("count(//ram:TaxPointDate) = 0 and not(/rsm:A/@b)")).toEqual(["//ram:TaxPointDate", "/rsm:A/@b"]);
    expect(found("ram:ID = /rsm:A/ram:ID")).toEqual(["/rsm:A/ram:ID"]);
    expect(found("every $r in /rsm:A/ram:R satisfies $r > 0")).toEqual(["/rsm:A/ram:R"]);
  });

  it("leaves relative paths, and slashes inside them or inside strings", () => {
    leftAlone(
      "../ram:BasisAmount - 1 < ram:A//ram:B",
      "ram:A[. = '/x/y'] and contains(., \"//z\")",
      "(ram:A)/ram:B | ram:C[1]/ram:D",
      "count(x) * /a/b",
    );
  });

  it("leaves a path that depends on more than the document: a variable, current(), a predicate's or a map's item", () => {
    leftAlone(
      "/rsm:A/ram:B[. = $codeValue]",
      "//ram:B[@id = current()/@ref]",
      "$codes//code[. = /rsm:X]",
      "(1, 2)[/a]",
      "x ! /a",
    );
    expect(found("x != /a")).toEqual(["/a"]);
  });

  it("takes a star only as a name test, and a name spelled like an operator as a name", () => {
    expect(found("x div /a/b*2")).toEqual(["/a/b"]);
    expect(found("x | /a/ram:*/c:*/*:d")).toEqual(["/a/ram:*/c:*/*:d"]);
    leftAlone("$in/ram:ID or a/or/b or @to/x");
    expect(found("/a/bä = 1")).toEqual(["/a/bä"]);
  });

  it("leaves a path whose end it cannot be sure of", () => {
    leftAlone("/rsm:A/ ram:B", "/rsm:A [1]", "/rsm:A/ram:B[unclosed", "/ = x", "//x/b (: c :)[1]");
  });
});

describe("the rewrite (hoist-absolute-paths.ts)", () => {
  const stylesheet = (test: string) =>
    `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="2.0">
  <xsl:template match="x" mode="M1" priority="1"><xsl:if test="${test}">fired</xsl:if></xsl:template>
</xsl:stylesheet>`;
  const read = (xslt: string) => {
    const doc = XmlDocument.fromString(xslt);
    const ns = { xsl: "http://www.w3.org/1999/XSL/Transform" };
    const value = (path: string) => doc.get(path, ns)?.content;
    const result = { test: value("//xsl:if/@test"), select: value("//xsl:variable/@select") };
    doc.dispose();
    return result;
  };

  it("reads each path from one global variable, the test's other text unchanged, '&' and line ends included", () => {
    const { xslt, hoisted } = hoistAbsolutePaths(
      stylesheet("contains(., '&amp;&lt;') and //a/b[c = 'x&#10;y'] and count(//a/b[c = 'x&#10;y']) = 1"),
    );
    expect(hoisted).toBe(1);
    expect(read(xslt)).toEqual({
      test: "contains(., '&<') and $folio-path-1 and count($folio-path-1) = 1",
      select: "//a/b[c = 'x\ny']",
    });
  });
});
