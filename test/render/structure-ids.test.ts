import { renumberStructureIds } from "@folio/render-page/structure-ids";
import { describe, expect, it } from "vitest";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe("structure element ids renumbered (docs/rendering.md#deterministic-output)", () => {
  it("numbers the ids 1, 2, … in their own order, everywhere they are named, at their width", () => {
    const pdf =
      "<< /S /TH /ID (node00000052) >> << /S /TH /ID (node00000049) >> " +
      "<< /S /TD /A << /Headers [ (node00000049) (node00000052) ] >> >> " +
      "<< /Limits [ (node00000049) (node00000052) ] /Names [ (node00000049) 4 0 R (node00000052) 5 0 R ] >>";
    const out = renumberStructureIds(bytes(pdf));
    expect(out.length).toBe(pdf.length);
    expect(text(out)).toBe(pdf.replaceAll("node00000049", "node00000001").replaceAll("node00000052", "node00000002"));
  });

  it("leaves a file without ids, and ids of another shape, as they are", () => {
    const plain = bytes("<< /Type /Page >> (node) (nodes00000001) (node0000004x)");
    expect(renumberStructureIds(plain)).toBe(plain);
    // Ten ids one digit wide: the tenth would need two digits, so nothing is renumbered.
    const narrow = bytes(Array.from({ length: 10 }, (_, i) => `(node${i})`).join(" "));
    expect(text(renumberStructureIds(narrow))).toBe(text(narrow));
  });
});
