import { createFolio, unwrap } from "@folio/sdk";
import { DEFAULT_BASE_URL, readConfig, writeConfig } from "../config.js";
import { type Output, UsageError } from "../output.js";

export interface LoginFlags {
  key?: string;
  "base-url"?: string;
}

async function keyFromStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.trim();
}

/**
 * Checks the key against the service (GET /v1/usage: it reveals nothing, unlike the first GET /v1/account,
 * which shows the webhook secret once) and stores it with the base URL. The key comes from --key,
 * FOLIO_API_KEY, or standard input when that is not a terminal (so it stays out of the shell's history).
 */
export async function login(flags: LoginFlags, out: Output): Promise<void> {
  const apiKey = flags.key || process.env.FOLIO_API_KEY || (process.stdin.isTTY ? "" : await keyFromStdin());
  if (!apiKey) throw new UsageError("give the API key: folio login --key <key>, FOLIO_API_KEY, or on standard input");
  const baseUrl = (flags["base-url"] || process.env.FOLIO_BASE_URL || readConfig().baseUrl || DEFAULT_BASE_URL).replace(
    /\/+$/,
    "",
  );
  const usage = await unwrap(createFolio({ apiKey, baseUrl }).api.GET("/v1/usage"));
  const file = writeConfig({ apiKey, baseUrl });
  out.result(
    { base_url: baseUrl, account: usage.account, plan: usage.plan, config: file },
    `Logged in to ${baseUrl} as ${usage.account} (${usage.plan}); key stored in ${file}`,
  );
}
