import { forEachOperator, type Operand } from "@folio/render-page/pdfua/content-tokens";
import { OP, operandsOf, operatorCode, operatorList } from "@folio/render-page/pdfua/operator-list";
import { describe, expect, it } from "vitest";

const operators = (content: string) => {
  const seen: [string, Operand[]][] = [];
  forEachOperator(new TextEncoder().encode(content), (operator, operands) => seen.push([operator, operands]));
  return seen;
};

describe("reading a content stream's operators", () => {
  it("gives each operator its operands: names, numbers, inline dictionaries", () => {
    expect(operators("/P <</MCID 3 /Lang (en)>> BDC 0.5 -2 +3 -.5 4. cm EMC")).toEqual([
      [
        "BDC",
        [
          { name: "P" },
          {
            dict: new Map<string, Operand>([
              ["MCID", 3],
              ["Lang", ""],
            ]),
          },
        ],
      ],
      ["cm", [0.5, -2, 3, -0.5, 4]],
      ["EMC", []],
    ]);
  });

  it("never takes what a string, a hex string or a comment says for an operator", () => {
    const content = "BT (EMC \\) BDC (nested) Tj) Tj <454d43> Tj % EMC BDC\n[(a) 120 (EMC)] TJ ET";
    expect(operators(content).map(([op]) => op)).toEqual(["BT", "Tj", "Tj", "TJ", "ET"]);
  });

  it("true, false and null are operands; any other word is an operator, however long", () => {
    expect(operators("true false null truer Xyzzy 1 nullx")).toEqual([
      ["truer", [true, false, null]],
      ["Xyzzy", []],
      ["nullx", [1]],
    ]);
  });

  it("decodes #xx in names", () => {
    expect(operators("/A#20B BMC")).toEqual([["BMC", [{ name: "A B" }]]]);
  });

  it("steps over an inline image's data, even when the data holds EI or operators", () => {
    const content = "BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EI\x01BDC EMC\n EI Q";
    expect(operators(content)).toEqual([
      ["BI", [{ name: "W" }, 2, { name: "H" }, 1, { name: "BPC" }, 8, { name: "CS" }, { name: "G" }]],
      ["Q", []],
    ]);
  });

  it("steps over arrays nested past any need without exhausting the stack", () => {
    const deep = `${"[".repeat(100_000)}1${"]".repeat(100_000)} TJ (x) Tj`;
    expect(operators(deep).map(([op]) => op)).toEqual(["TJ", "Tj"]);
    const dicts = `${"<</A ".repeat(50_000)}1${">>".repeat(50_000)} BDC EMC`;
    expect(operators(dicts).map(([op]) => op)).toEqual(["BDC", "EMC"]);
  });

  it("ends cleanly on a stream cut short", () => {
    expect(operators("/P <</MCID 1").map(([op]) => op)).toEqual([]);
    expect(operators("BT (unclosed Tj").map(([op]) => op)).toEqual(["BT"]);
    expect(operators("[1 2").map(([op]) => op)).toEqual([]);
  });

  it("the page walks' reading: the same operators and ends, operands only where a walk reads them, read once", () => {
    const bytes = new TextEncoder().encode(
      "q 1 0 0 1 5 5 cm /F1 12 Tf 3 Tr /P <</MCID 0>> BDC BT (a) Tj ET EMC /Fm0 Do Q truer 1a -.5x BI /W 1 ID \x00 EI sh",
    );
    const all: [number, Operand[], number][] = [];
    forEachOperator(bytes, (operator, operands, end) => all.push([operatorCode(operator), operands, end]));
    const walked = () => {
      const list = operatorList(bytes);
      return Array.from({ length: list.count }, (_, index): [number, Operand[], number] => [
        list.codes[index] as number,
        operandsOf(list, index),
        list.ends[index] as number,
      ]);
    };
    const first = walked();
    const read = new Set<number>([OP.BDC, OP.BMC, OP.Do, OP.Tf, OP.Tr]);
    expect(first).toEqual(all.map(([code, operands, end]) => [code, read.has(code) ? operands : [], end]));
    expect(first.map(([code]) => code)).toEqual([
      OP.q,
      OP.other,
      OP.Tf,
      OP.Tr,
      OP.BDC,
      OP.BT,
      OP.Tj,
      OP.ET,
      OP.EMC,
      OP.Do,
      OP.Q,
      OP.other,
      OP.other,
      OP.other,
      OP.BI,
      OP.sh,
    ]);
    expect(first.find(([code]) => code === OP.Tf)?.[1]).toEqual([{ name: "F1" }, 12]);
    // Read once: a second walk is handed the very list, and so the very operands.
    expect(operatorList(bytes)).toBe(operatorList(bytes));
  });

  it("tells numbers, keywords and operators apart as number() and the lexer do", () => {
    const content = "1 -2 +3 .5 -.5 4. 1.2.3 +- - . -1-2 12a true false null nul truex f f* b* n re 1Tj";
    const codes: number[] = [];
    forEachOperator(new TextEncoder().encode(content), (operator) => codes.push(operatorCode(operator)));
    const list = operatorList(new TextEncoder().encode(content));
    expect(Array.from(list.codes.subarray(0, list.count))).toEqual(codes);
    expect(codes).toEqual([
      OP.other,
      OP.other,
      OP.other,
      OP.other,
      OP.other,
      OP.other,
      OP.other,
      OP.other,
      OP.f,
      OP["f*"],
      OP["b*"],
      OP.n,
      OP.re,
      OP.other,
    ]);
  });
});
