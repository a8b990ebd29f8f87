import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { createFolio, type Folio } from "@folio/sdk";
import { UsageError } from "./output.js";

export interface Credentials {
  apiKey: string;
  baseUrl: string;
}

/** Where `npm run dev` serves: the default until a login or FOLIO_BASE_URL says otherwise. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

/** $XDG_CONFIG_HOME/folio/config.json, or ~/.config/folio/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "folio", "config.json");
}

export function readConfig(): Partial<Credentials> {
  const file = configPath();
  if (!existsSync(file)) return {};
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { api_key?: unknown; base_url?: unknown };
    return {
      ...(typeof stored.api_key === "string" ? { apiKey: stored.api_key } : {}),
      ...(typeof stored.base_url === "string" ? { baseUrl: stored.base_url } : {}),
    };
  } catch {
    throw new UsageError(`${file} is not valid JSON: run folio login again`);
  }
}

/** Written with mode 600 (and re-chmodded, for a file an older login made): it holds a secret key. */
export function writeConfig(credentials: Credentials): string {
  const file = configPath();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ api_key: credentials.apiKey, base_url: credentials.baseUrl }, null, 2)}\n`, {
    mode: 0o600,
  });
  chmodSync(file, 0o600);
  return file;
}

/** FOLIO_API_KEY and FOLIO_BASE_URL win over the stored login, so CI needs no `folio login`. */
export function credentials(): Credentials {
  const stored = readConfig();
  const apiKey = process.env.FOLIO_API_KEY || stored.apiKey;
  if (!apiKey) throw new UsageError("no API key: run `folio login --key <key>` or set FOLIO_API_KEY");
  return { apiKey, baseUrl: process.env.FOLIO_BASE_URL || stored.baseUrl || DEFAULT_BASE_URL };
}

export function client(): Folio {
  return createFolio(credentials());
}

/** A client when a key is configured (login or FOLIO_API_KEY), else none: a command that can work offline. */
export function configuredClient(): Folio | null {
  const stored = readConfig();
  return process.env.FOLIO_API_KEY || stored.apiKey ? client() : null;
}
