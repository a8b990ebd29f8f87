import { type DeclaredPage, pageGeometry } from "@folio/render-page/page-geometry";
import { describe, expect, it } from "vitest";

const declares = (size: string | null, margin = false, unreadable = false): DeclaredPage => ({
  size,
  margin,
  unreadable,
});
const PX_PER_MM = 96 / 25.4;

// docs/rendering.md#option-precedence
describe("pageGeometry: options over the document's @page", () => {
  it("leaves the document's @page in charge when no page option is set, exactly as before", () => {
    expect(pageGeometry({ scale: 0.9 }, null)).toEqual({
      pdf: {
        format: "a4",
        landscape: false,
        margin: { top: "0", right: "0", bottom: "0", left: "0" },
        preferCSSPageSize: true,
      },
      overrideCss: null,
    });
  });

  it("turns the document's own paper for landscape, and overrides its size", () => {
    expect(pageGeometry({ landscape: true }, declares("a4"))).toMatchObject({
      pdf: { format: "a4", landscape: true, preferCSSPageSize: false },
      overrideCss: "@page { size: auto !important }",
    });
    expect(pageGeometry({ landscape: true }, declares("a5 landscape")).pdf).toMatchObject({
      format: "a5",
      landscape: true,
    });
    expect(pageGeometry({ landscape: true }, declares("jis-b5")).pdf).toMatchObject({
      width: "182mm",
      height: "257mm",
    });
    const lengths = pageGeometry({ landscape: false }, declares("200mm 100mm")).pdf as {
      width: number;
      height: number;
    };
    expect([lengths.width / PX_PER_MM, lengths.height / PX_PER_MM].map(Math.round)).toEqual([100, 200]);
    expect(pageGeometry({ landscape: true }, declares(null)).pdf).toMatchObject({ format: "a4", landscape: true });
    expect(pageGeometry({ landscape: true }, declares("auto")).pdf).toMatchObject({ format: "a4" });
  });

  it("overrides the document's size only where it declares another page than the one printed", () => {
    expect(pageGeometry({ page_size: "A4" }, declares("a4")).overrideCss).toBeNull();
    expect(pageGeometry({ page_size: "A4", landscape: false }, declares("A4 portrait")).overrideCss).toBeNull();
    expect(pageGeometry({ page_size: "Letter" }, declares("a4")).overrideCss).toBe("@page { size: auto !important }");
    expect(
      pageGeometry({ page_size: { width: "100mm", height: "50mm" } }, declares("100mm 50mm")).overrideCss,
    ).toBeNull();
    expect(pageGeometry({ page_size: "A4" }, declares(null)).overrideCss).toBeNull();
  });

  it("overrides the document's margins with the sides the option sets, when it declares any", () => {
    expect(pageGeometry({ margin: "40mm" }, declares("a4", true))).toMatchObject({
      pdf: {
        format: "a4",
        preferCSSPageSize: true,
        margin: { top: "40mm", right: "40mm", bottom: "40mm", left: "40mm" },
      },
      overrideCss:
        "@page { margin-top: 40mm !important; margin-right: 40mm !important; margin-bottom: 40mm !important; margin-left: 40mm !important }",
    });
    expect(pageGeometry({ margin: { left: "5mm" } }, declares(null, true)).overrideCss).toBe(
      "@page { margin-left: 5mm !important }",
    );
    expect(pageGeometry({ margin: "40mm" }, declares(null, false)).overrideCss).toBeNull();
  });

  it("overrides whatever is set when a style sheet of another origin cannot be read", () => {
    expect(pageGeometry({ landscape: true, margin: "1cm" }, declares(null, false, true)).overrideCss).toBe(
      "@page { size: auto !important; margin-top: 1cm !important; margin-right: 1cm !important; margin-bottom: 1cm !important; margin-left: 1cm !important }",
    );
  });
});
