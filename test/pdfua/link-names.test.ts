// The link names' header between the render backend and the Worker (docs/limits.md#accessible-pdfs): base64 of their
// JSON, within its bounds both ways; a header over them, or not a list of bounded strings, carries no names.
import { BACKEND_HEADERS, fileFromHeaders, fileHeaders } from "@folio/render-page/backend-http-surface";
import { LINK_NAME_LIMITS, linkNamesFromHeader, linkNamesToHeader } from "@folio/render-page/link-names";
import { describe, expect, it } from "vitest";

const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
const answer = (names: readonly string[]) =>
  new Headers(
    Object.entries(fileHeaders("application/pdf", { bytes: new Uint8Array(1), pageCount: 2, linkNames: names }, 0)).map(
      ([key, value]) => [key, String(value)],
    ),
  );

describe("the link names header", () => {
  it("carries each name, in order, non-ASCII ones too", () => {
    const names = ["See it online", "", "オンラインで見る 😀", "Help centre"];
    expect(fileFromHeaders(answer(names), 1)).toEqual({ pageCount: 2, cut: false, linkNames: names });
    expect(fileFromHeaders(answer([]), 1).linkNames).toEqual([]);
    expect(fileFromHeaders(new Headers(), 1)).toEqual({ pageCount: 1, cut: false });
  });

  it("carries none past its bytes: the mends then write every link's address", () => {
    const names = Array.from({ length: LINK_NAME_LIMITS.count }, () => "ü".repeat(LINK_NAME_LIMITS.chars));
    expect(linkNamesToHeader(names)).toBeUndefined();
    expect(answer(names).has(BACKEND_HEADERS.linkNames)).toBe(false);
    const fits = Array.from({ length: 50 }, (_, i) => `link ${i}`);
    expect(linkNamesFromHeader(linkNamesToHeader(fits) ?? null)).toEqual(fits);
  });

  it("reads none from a header that is not base64 of a bounded list of strings", () => {
    for (const value of [
      "not base64!",
      encoded({ names: ["a"] }),
      encoded(["a", 1]),
      encoded(["x".repeat(LINK_NAME_LIMITS.chars + 1)]),
      encoded(Array.from({ length: LINK_NAME_LIMITS.count + 1 }, () => "")),
      "A".repeat(LINK_NAME_LIMITS.headerBytes + 4),
    ])
      expect(linkNamesFromHeader(value), value.slice(0, 40)).toBeUndefined();
  });
});
