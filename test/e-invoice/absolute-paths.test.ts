// The scanner behind the compile-time rewrite that evaluates a rule's absolute paths once per invoice
// (packages/e-invoice/scripts/absolute-paths.ts): it must find exactly the paths that depend on the document alone,
// whole, and leave alone anything it cannot be sure of. compile-rules.ts proves each rewritten rule set on sample
// variants; these are the shapes the artefacts use, and the traps.
import { describe, expect, it } from "vitest";
import { absolutePaths } from "../../packages/e-invoice/scripts/absolute-paths";

const found = (expression: string) => absolutePaths(expression).map(({ start, end }) => expression.slice(start, end));

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
    expect(found("../ram:BasisAmount - 1 < ram:A//ram:B")).toEqual([]);
    expect(found("ram:A[. = '/x/y'] and contains(., \"//z\")")).toEqual([]);
    expect(found("(ram:A)/ram:B | ram:C[1]/ram:D")).toEqual([]);
    expect(found("count(x) * /a/b")).toEqual([]);
  });

  it("leaves a path that depends on more than the document: a variable, current()", () => {
    expect(found("/rsm:A/ram:B[. = $codeValue]")).toEqual([]);
    expect(found("//ram:B[@id = current()/@ref]")).toEqual([]);
  });

  it("leaves a path whose end it cannot be sure of", () => {
    expect(found("/rsm:A/ ram:B")).toEqual([]);
    expect(found("/rsm:A [1]")).toEqual([]);
    expect(found("/rsm:A/ram:B[unclosed")).toEqual([]);
    expect(found("/ = x")).toEqual([]);
  });
});
