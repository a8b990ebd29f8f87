// `npm run secrets:check`: the secrets a production deployment needs, and which of them the deployed Worker
// lacks. Without Cloudflare credentials (or offline) it cannot ask, and says so: exit 2. Exit 1 names the
// missing ones; 0 means every one is set. `npm run deploy` runs it first.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const ENVIRONMENT = "production";
const REQUIRED = {
  INTERNAL_SECRET: "the shared secret of /v1/internal/* (X-Internal-Secret)",
  SIGNING_SECRET: "the HMAC key of signed file URLs",
  RENDER_BACKEND_SECRET: "the render backend's shared secret (X-Render-Secret); its containers start with it",
  PAYLOAD_SECRET:
    "seals a queued render's encryption passwords and keys the digests of stored ones (rotating it fails the " +
    "renders queued before)",
};
// Settings a deployment may go without, at the cost of a feature: named when absent, never a failure.
const OPTIONAL = {
  SIGN_TSA_URL: "the RFC 3161 time-stamp authority of B-T signatures (without it, renders sign B-B only)",
};

console.log(
  `Secrets Folio needs in "${ENVIRONMENT}" (set each with \`npx wrangler secret put NAME ` +
    `--env ${ENVIRONMENT}\`; any long random value, e.g. \`openssl rand -base64 32\`):`,
);
for (const [name, meaning] of Object.entries(REQUIRED)) console.log(`  ${name}: ${meaning}`);
for (const [name, meaning] of Object.entries(OPTIONAL)) console.log(`  ${name} (optional): ${meaning}`);

const wrangler = fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url));
const listed = spawnSync(process.execPath, [wrangler, "secret", "list", "--env", ENVIRONMENT, "--format", "json"], {
  encoding: "utf8",
  env: { WRANGLER_SEND_METRICS: "false", ...process.env },
  stdio: ["ignore", "pipe", "pipe"],
  timeout: 60_000,
});
let present: Set<string>;
try {
  if (listed.status !== 0) throw new Error();
  present = new Set(JSON.parse(listed.stdout).map((secret: { name: string }) => secret.name));
} catch {
  const lines = stripVTControlCharacters(`${listed.stderr ?? ""}${listed.stdout ?? ""}`)
    .split("\n")
    .filter((line) => line.trim() !== "");
  const reason = (lines.find((line) => line.includes("[ERROR]")) ?? lines[0] ?? listed.error?.message)
    ?.replace(/^.*?\[ERROR\]\s*/, "")
    .trim()
    .replace(/\.$/, "");
  console.log(
    `\nCould not list the deployed secrets${reason ? `: ${reason}` : ""}. Log in (\`npx wrangler login\` or ` +
      `CLOUDFLARE_API_TOKEN) to see which are missing.`,
  );
  process.exit(2);
}
const absentOptional = Object.keys(OPTIONAL).filter((name) => !present.has(name));
if (absentOptional.length > 0) console.log(`\nNot set (optional): ${absentOptional.join(", ")}.`);
const missing = Object.keys(REQUIRED).filter((name) => !present.has(name));
if (missing.length === 0) {
  console.log("\nAll of them are set.");
} else {
  console.log(
    `\nMissing: ${missing.join(", ")}. Until they are set, the deployed Worker refuses what needs them ` +
      `(renders, signed links, the internal surface).`,
  );
  process.exit(1);
}
