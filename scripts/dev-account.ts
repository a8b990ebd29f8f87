// The development account of one local state: made once on the `scale` plan, then kept across restarts, so the
// user's templates and renders stay where they left them and trying the fixtures never runs into a free quota.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** What the account file holds: D1 keeps only a key's SHA-256, so the key itself lives in the local state. */
interface StoredAccount {
  account_id: string;
  key_id: string;
  api_key: string;
}

export interface DevelopmentAccount extends StoredAccount {
  plan: string;
}

/** The parts of POST /v1/internal/accounts' answer this reads. */
interface CreatedAccount {
  api_key: string;
  key_id: string;
  account: { id: string; plan: string };
}

/** A file written by hand or by an older start may lack the key: such a file is replaced. */
function holdsKey(stored: Partial<StoredAccount>): stored is StoredAccount {
  return typeof stored.api_key === "string" && typeof stored.account_id === "string";
}

function readStored(file: string): StoredAccount | null {
  if (!existsSync(file)) return null;
  const stored: Partial<StoredAccount> = JSON.parse(readFileSync(file, "utf8"));
  return holdsKey(stored) ? stored : null;
}

/**
 * The plan of the stored key's account, or null when the key no longer opens it. GET /v1/usage rather than
 * /v1/account: a check must not spend the account's one showing of its webhook secret, which belongs to the user.
 * 401 means revoked or a wiped database; anything else unexpected stops the start rather than quietly replacing
 * the account.
 */
async function planOfStored(baseUrl: string, stored: StoredAccount): Promise<string | null> {
  const res = await fetch(`${baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${stored.api_key}` } });
  if (res.status === 401) return null;
  if (res.status !== 200) throw new Error(`checking the development key failed: ${res.status} ${await res.text()}`);
  const usage = (await res.json()) as { account?: string; plan?: string };
  return usage.account === stored.account_id ? (usage.plan ?? null) : null;
}

async function createAccount(baseUrl: string, internalSecret: string): Promise<DevelopmentAccount> {
  const res = await fetch(`${baseUrl}/v1/internal/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-internal-secret": internalSecret },
    body: JSON.stringify({ name: "Development", plan: "scale" }),
  });
  if (res.status !== 201) throw new Error(`creating the development account failed: ${res.status} ${await res.text()}`);
  const { api_key, key_id, account } = (await res.json()) as CreatedAccount;
  return { account_id: account.id, key_id, api_key, plan: account.plan };
}

/** The stored development account when its key still works, otherwise a new one, stored (mode 600) for next time. */
export async function developmentAccount({
  baseUrl,
  internalSecret,
  file,
}: {
  baseUrl: string;
  internalSecret: string;
  file: string;
}): Promise<DevelopmentAccount> {
  const stored = readStored(file);
  const plan = stored && (await planOfStored(baseUrl, stored));
  if (stored && plan) return { ...stored, plan };
  const { plan: createdPlan, ...created } = await createAccount(baseUrl, internalSecret);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created; a replaced account keeps the file private too.
  chmodSync(file, 0o600);
  return { ...created, plan: createdPlan };
}
