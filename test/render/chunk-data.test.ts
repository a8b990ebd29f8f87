import { describe, expect, it } from "vitest";
import { chunkCount, chunkData } from "../../src/domain/renders/chunk-slices";
import { chunkHint, longestArray } from "../../src/render/chunk-hint";

// docs/rendering.md#long-documents: what each chunk is rendered with, and what a stopped render suggests.
describe("chunk data", () => {
  const data = { title: "T", statement: { number: 7, lines: [1, 2, 3, 4, 5] } };
  const chunk = { over: "statement.lines", size: 2 };

  it("replaces only the array at `over` with the slice, beside the chunk variable, leaving the data untouched", () => {
    expect(chunkCount(5, 2)).toBe(3);
    expect(chunkData(data, data.statement.lines, chunk, 0)).toEqual({
      title: "T",
      statement: { number: 7, lines: [1, 2] },
      chunk: { index: 0, count: 3, first: true, last: false, offset: 0, size: 2 },
    });
    expect(chunkData(data, data.statement.lines, chunk, 2)).toMatchObject({
      statement: { lines: [5] },
      chunk: { index: 2, count: 3, first: false, last: true, offset: 4, size: 1 },
    });
    expect(data.statement.lines).toEqual([1, 2, 3, 4, 5]);
  });

  it("makes an empty array one chunk with an empty slice", () => {
    expect(chunkCount(0, 10)).toBe(1);
    expect(chunkData({ rows: [] }, [], { over: "rows", size: 10 }, 0)).toEqual({
      rows: [],
      chunk: { index: 0, count: 1, first: true, last: true, offset: 0, size: 0 },
    });
  });
});

describe("chunk hint", () => {
  it("names the longest array reachable through keys, with an options.chunk to add", () => {
    const data = { tags: ["a", "b"], report: { rows: Array.from({ length: 9000 }, (_, i) => i), "a.b": [1, 2, 3] } };
    expect(longestArray(data)).toEqual({ path: "report.rows", length: 9000 });
    expect(chunkHint(data)).toContain('"chunk": {"over": "report.rows", "size": 500}');
    expect(chunkHint({ one: [1] })).toBe("A very long document needs splitting into several renders.");
  });
});
