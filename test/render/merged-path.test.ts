import { describe, expect, it } from "vitest";
import { mergedPath } from "../../src/render/codes/merged-path";

// docs/codes.md: a code is one <path> of merged runs; a stroked bar becomes exactly the rectangle its stroke paints.
describe("a code's drawing merged into one path", () => {
  it("turns stroked bars into the rectangles they paint and keeps filled outlines as they are", () => {
    const body =
      '<path stroke="#000000" stroke-width="2" d="M20 29L20 0M30 29L30 0" />\n' +
      '<path stroke="#000000" stroke-width="1" d="M3.50 29L3.50 0" />\n' +
      '<path d="M1 35L2 35L2 36Z" fill="#000000" />\n';
    expect(mergedPath(body, "#000000")).toBe(
      '<path d="M19 0H21V29H19ZM29 0H31V29H29ZM3 0H4V29H3ZM1 35L2 35L2 36Z" fill="#000000"/>',
    );
    expect(mergedPath('<path stroke="#000000" stroke-width="4" d="M0 2L10 2" />', "#000000")).toBe(
      '<path d="M0 0H10V4H0Z" fill="#000000"/>',
    );
  });

  it("leaves a drawing it cannot merge exactly as drawn: a slanted stroke, another colour, another element", () => {
    const slanted = '<path stroke="#000000" stroke-width="1" d="M0 0L5 5" />';
    expect(mergedPath(slanted, "#000000")).toBe(slanted);
    const red = '<path d="M0 0H1V1Z" fill="#ff0000" />';
    expect(mergedPath(red, "#000000")).toBe(red);
    const other = '<path d="M0 0H1V1Z" fill="#000000" /><rect width="1" height="1"/>';
    expect(mergedPath(other, "#000000")).toBe(other);
  });
});
