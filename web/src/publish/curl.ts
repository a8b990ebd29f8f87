// "Copy as curl": the render request the studio would make for the published version, runnable as is.
import type { RenderRequest } from "@folio/sdk";

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(origin: string, request: RenderRequest, key: string | null): string {
  const compact = JSON.stringify(request);
  const body = compact.length <= 120 ? compact : JSON.stringify(request, null, 2);
  const auth = key ? `Bearer ${key}` : "Bearer $FOLIO_API_KEY";
  return [
    `curl -s ${origin}/v1/render`,
    `  -H "Authorization: ${auth}"`,
    `  -H "Content-Type: application/json"`,
    `  -d ${shellQuote(body)}`,
  ].join(" \\\n");
}
