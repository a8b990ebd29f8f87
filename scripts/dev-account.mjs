// The development account of one local state: made once on the `scale` plan, then kept across restarts, so the
// user's templates and renders stay where they left them and trying the fixtures never runs into a free quota.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** D1 keeps only a key's SHA-256, so the key itself lives in the local state beside the generated secrets. */
function readStored(file) {
  if (!existsSync(file)) return null;
  const stored = JSON.parse(readFileSync(file, "utf8"));
  return typeof stored.api_key === "string" && typeof stored.account_id === "string" ? stored : null;
}

/**
 * The plan of the stored key's account, or null when the key no longer opens it. GET /v1/usage rather than
 * /v1/account: a check must not spend the account's one showing of its webhook secret, which belongs to the user.
 * 401 means revoked or a wiped database; anything else unexpected stops the start rather than quietly replacing
 * the account.
 */
async function planOfStored(baseUrl, stored) {
  const res = await fetch(`${baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${stored.api_key}` } });
  if (res.status === 401) return null;
  if (res.status !== 200) throw new Error(`checking the development key failed: ${res.status} ${await res.text()}`);
  const usage = await res.json();
  return usage.account === stored.account_id ? usage.plan : null;
}

async function createAccount(baseUrl, internalSecret) {
  const res = await fetch(`${baseUrl}/v1/internal/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-internal-secret": internalSecret },
    body: JSON.stringify({ name: "Development", plan: "scale" }),
  });
  if (res.status !== 201) throw new Error(`creating the development account failed: ${res.status} ${await res.text()}`);
  const { api_key, key_id, account } = await res.json();
  return { account_id: account.id, key_id, api_key, plan: account.plan };
}

/**
 * The stored development account when its key still works, otherwise a new one, stored (mode 600) for next time.
 * Answers `{account_id, key_id, api_key, plan}`.
 */
export async function developmentAccount({ baseUrl, internalSecret, file }) {
  const stored = readStored(file);
  const plan = stored && (await planOfStored(baseUrl, stored));
  if (plan) return { ...stored, plan };
  const { plan: createdPlan, ...created } = await createAccount(baseUrl, internalSecret);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created; a replaced account keeps the file private too.
  chmodSync(file, 0o600);
  return { ...created, plan: createdPlan };
}
