import { describe, expect, it } from "vitest";
import { insideLiquid, stepsOver } from "../../web/src/languages/liquid-close-typing";

// The studio's source editor completes `{%` as `{%|%}` and `{{` as `{{|}}`: a typed `%}` or `}}` steps over them.
describe("typing the end of a Liquid tag or output", () => {
  it("knows when the cursor is inside a tag or an output not closed yet", () => {
    expect(["{% if x ", "a {{ name ", "{% if %}{{ x }}{% else "].map(insideLiquid)).toEqual([true, true, true]);
    expect(["plain text", "{% if x %} then ", "{{ x }} y", "width:100%"].map(insideLiquid)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("steps over the inserted %} and }} when they are typed, and nowhere else", () => {
    expect(stepsOver("%", "{% if x ", "%}")).toBe(true);
    expect(stepsOver("}", "{% if x %", "}")).toBe(true);
    expect(stepsOver("}", "{{ name ", "}}")).toBe(true);
    expect(stepsOver("}", "{{ name }", "}")).toBe(true);
    // Outside Liquid, or a % that is not the tag's end: typed as usual.
    expect(stepsOver("%", "width: 100", "%}")).toBe(false);
    expect(stepsOver("}", ".a { width: 100%", "}")).toBe(false);
    expect(stepsOver("%", "{% if x ", " %}")).toBe(false);
    expect(stepsOver("}", "{{ name ", " }}")).toBe(false);
  });
});
