// Regenerates packages/sdk/src/schema.ts from a Folio's /openapi.json.
// Usage: npm run sdk:generate [-- <base URL of a running Folio>]
// Without a URL it starts the service the way `npm run dev` does, on a free port and a throwaway local state.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startService } from "../../../scripts/service.ts";
import { SCHEMA_FILE, schemaTypes } from "./schema-types.mjs";

/** A port the system just handed out (the service also takes the next one for its render backend). */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function documentFrom(baseUrl) {
  const res = await fetch(new URL("/openapi.json", baseUrl));
  if (!res.ok) throw new Error(`${baseUrl}/openapi.json answered ${res.status}`);
  return res.json();
}

async function documentFromFreshService() {
  const state = mkdtempSync(join(tmpdir(), "folio-sdk-generate-"));
  const service = await startService({ port: await freePort(), persistTo: state });
  try {
    return await documentFrom(service.baseUrl);
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

const [baseUrl] = process.argv.slice(2);
const document = baseUrl ? await documentFrom(baseUrl) : await documentFromFreshService();
writeFileSync(SCHEMA_FILE, await schemaTypes(document));
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)} from ${baseUrl ?? "a fresh local service"}`);
