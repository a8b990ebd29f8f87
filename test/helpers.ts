import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { contractBreach } from "./contract";

/** The internal secret the workers project binds (vitest.config.ts). */
export const INTERNAL = { "x-internal-secret": "test-internal-secret" };

/**
 * A request to the Worker under test, through its real fetch handler. Every JSON answer is checked against the
 * schema its route documents for that status, and a mismatch fails the test: `json` is then what `T` says.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely unless they name T
export async function call<T = any>(
  method: string,
  path: string,
  init: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await exports.default.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
  // Read as bytes: an answer may be a file (a preview's PNG), which workerd warns about when read with .text().
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const json: T = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined;
  if (json !== undefined) expect(contractBreach(method, path, response.status, json)).toBeNull();
  return { status: response.status, headers: response.headers, json, text, bytes };
}

export async function newAccount(body: Record<string, unknown> = {}) {
  const res = await call("POST", "/v1/internal/accounts", {
    headers: INTERNAL,
    body: { name: "Test account", ...body },
  });
  expect(res.status).toBe(201);
  return res.json as { account: { id: string }; api_key: string; key_id: string };
}

/** Asserts the error envelope and returns its `error` object. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads any answer's error loosely; the assertions judge it
export function expectError(res: { status: number; json: any }, status: number, type: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(Object.keys(res.json)).toEqual(["error"]);
  expect(res.json.error.type).toBe(type);
  expect(res.json.error.docs_url).toBe(`http://localhost:8787/docs/errors/${type}`);
  expect(typeof res.json.error.message).toBe("string");
  return res.json.error as {
    type: string;
    message: string;
    errors?: Array<{ path: string; expected: string; received?: string; message: string; example?: unknown }>;
    // biome-ignore lint/suspicious/noExplicitAny: details differ by error type; each test names the keys it expects
    details?: any;
  };
}

export const HELLO = { name: "hello", source: "<h1>Hello {{ name }}</h1>" };
