import { describe, expect, it } from "vitest";
import { fieldKind, labelOf, propertiesOf, startValue } from "../../web/src/data-form/schema-values";

describe("what the data form reads from a schema", () => {
  it("gives each value the input of its kind, and leaves what it cannot edit to the JSON", () => {
    expect(fieldKind({ type: "string" })).toBe("text");
    expect(fieldKind({ type: "string", format: "date" })).toBe("date");
    expect(fieldKind({ type: ["integer", "null"] })).toBe("integer");
    expect(fieldKind({ enum: ["Cash", "Card"] })).toBe("enum");
    expect(fieldKind({ properties: { a: {} } })).toBe("object");
    expect(fieldKind({ items: { type: "string" } })).toBe("array");
    expect(fieldKind({ oneOf: [{ type: "string" }, { type: "number" }] })).toBe("json");
  });

  it("starts a new row with the required fields of its items, empty of their kind", () => {
    const item = {
      type: "object",
      required: ["description", "quantity", "paid", "unit"],
      properties: {
        description: { type: "string" },
        detail: { type: "string" },
        quantity: { type: "integer", minimum: 1 },
        paid: { type: "boolean" },
        unit: { enum: ["h", "d"] },
      },
    };
    expect(startValue(item)).toEqual({ description: "", quantity: 1, paid: false, unit: "h" });
    expect(propertiesOf(item).map(([key]) => key)).toEqual(["description", "detail", "quantity", "paid", "unit"]);
  });

  it("labels a key in words", () => {
    expect(labelOf("unit_price")).toBe("Unit price");
    expect(labelOf("vatId")).toBe("Vat Id");
  });
});
