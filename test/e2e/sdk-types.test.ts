import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
// @ts-expect-error: a plain ESM script shared with `npm run sdk:generate`
import { SCHEMA_FILE, schemaTypes } from "../../packages/sdk/scripts/schema-types.mjs";

describe("the SDK's checked-in types", () => {
  it("are exactly what openapi-typescript makes of the running service's /openapi.json (else: npm run sdk:generate)", async () => {
    const document = await (await fetch(`${inject("baseUrl")}/openapi.json`)).json();
    const generated: string = await schemaTypes(document);
    expect(
      readFileSync(SCHEMA_FILE, "utf8"),
      "packages/sdk/src/schema.ts is stale: run `npm run sdk:generate` and commit it",
    ).toBe(generated);
  });
});
