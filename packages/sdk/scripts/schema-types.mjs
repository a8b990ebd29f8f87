// The one way src/schema.ts is made from an OpenAPI document: used by `npm run sdk:generate` to write the
// file and by the e2e drift test to compare it with the running service's document.
import openapiTS, { astToString } from "openapi-typescript";

export const SCHEMA_FILE = new URL("../src/schema.ts", import.meta.url);

const HEADER = `/**
 * The Folio API's types, generated from GET /openapi.json by openapi-typescript: \`npm run sdk:generate\`.
 * Do not edit. test/e2e/sdk-types.test.ts fails when this file differs from the running service's document.
 */

`;

/** The TypeScript text of an OpenAPI document, exactly as it is checked in. */
export async function schemaTypes(document) {
  return HEADER + astToString(await openapiTS(document));
}
