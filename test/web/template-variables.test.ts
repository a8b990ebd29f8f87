import { describe, expect, it } from "vitest";
import { templateVariables } from "../../web/src/languages/template-variables";

const SCHEMA = JSON.stringify({
  type: "object",
  properties: {
    customer: { type: "object", properties: { name: {}, email: {} } },
    items: { type: "array", items: { type: "object", properties: { sku: {}, quantity: {} } } },
  },
});
const EXAMPLE = JSON.stringify({ customer: { name: "Ada", vip: true }, items: [{ sku: "a", note: "x" }], total: 3 });

describe("the Liquid completion's names", () => {
  it("offers the schema's properties with the example's keys, at the top and under a path", () => {
    const variables = templateVariables(SCHEMA, EXAMPLE);
    expect(variables.names).toEqual(["customer", "items", "total"]);
    expect(variables.propertiesOf(["customer"])).toEqual(["email", "name", "vip"]);
    expect(variables.propertiesOf(["items", "[]"])).toEqual(["note", "quantity", "sku"]);
    expect(variables.propertiesOf(["total"])).toEqual([]);
  });

  it("uses what parses: a broken schema leaves the example's keys", () => {
    expect(templateVariables("{", EXAMPLE).names).toEqual(["customer", "items", "total"]);
    expect(templateVariables("{", "[1]").names).toEqual([]);
  });
});
