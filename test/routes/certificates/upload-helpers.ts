import { expect } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

export const paidKey = async () => (await newAccount({ plan: "starter" })).api_key;
export const upload = (key: string, body: Record<string, unknown>) => call("POST", "/v1/certificates", { key, body });

/** A refusal at `field` that repeats none of `secrets`. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads any answer loosely
export function expectFieldRefusal(res: { status: number; json: any; text: string }, field: string, secrets: string[]) {
  const error = expectError(res, 400, "invalid_request");
  expect(error.errors?.[0]?.path).toBe(field);
  expect(error.errors?.[0]).not.toHaveProperty("received");
  for (const secret of secrets) expect(res.text).not.toContain(secret.slice(0, 40));
  return error;
}
