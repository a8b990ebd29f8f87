// `npm run dev`: the whole service on one machine, ready to call with curl.

import { join } from "node:path";
import { developmentCa } from "./dev-ca.ts";
import { devSettings } from "./dev-settings.ts";
import { DEFAULT_STATE, startService } from "./service.ts";

/** The local state's development CA, which issues `generate` certificates under `npm run dev` only. */
const localCa = () => developmentCa(join(process.env.FOLIO_STATE ?? DEFAULT_STATE, "folio-dev-ca.json"));

const service = await startService({
  stdio: "inherit",
  env: { ...devSettings(process.env), DEV_SIGNING_CA: await localCa() },
}).catch((error: Error) => {
  console.error(`Folio did not start: ${error.message}`);
  process.exit(1);
});

console.log(`
Folio is running.
  Base URL: ${service.baseUrl}
  Studio:   ${service.baseUrl}/studio
  Docs:     ${service.baseUrl}/docs
  MCP URL:  ${service.mcpUrl}
  API key:  ${service.apiKey}   (development account ${service.accountId}, ${service.plan} plan, kept across restarts)
  Account:  ${service.accountFile}
  Secrets:  ${service.secretsFile}   (generated for this local state; values in the environment win)
  B-T time-stamps: ${service.tsaUrl}   (the development authority unless SIGN_TSA_URL was given)

  curl -H "Authorization: Bearer ${service.apiKey}" ${service.baseUrl}/v1/templates
`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await service.stop();
    process.exit(0);
  });
}
// wrangler ending by itself still stops the rest: the render backend, and the Chrome Miniflare may have started.
service.child.on("exit", async (code) => {
  await service.stop();
  process.exit(code ?? 0);
});
