import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { TimeStampAsk, TimeStampsPort } from "../../src/domain/ports/time-stamps";
import type { Env } from "../../src/env";
import { ServiceError } from "../../src/errors";
import { buildServices } from "../../src/services";

/** A fresh key per test: the misbehaving authority counts its queries by it, and the breaker is per URL. */
export const uniqueKey = () => crypto.randomUUID();

/** The misbehaving authority's URL answering as `mode`, counted under `key`. */
export const badAuthority = (mode: string, key = uniqueKey()) => `${inject("badTsaUrl")}/${mode}/${key}`;

/** How many queries reached the misbehaving authority under `key`. */
export async function queriesFor(key: string): Promise<number> {
  return Number(await (await fetch(`${inject("badTsaUrl")}/count/${key}`)).text());
}

/** How many queries of `key` the misbehaving authority held at once, at most. */
export async function mostAtOnce(key: string): Promise<number> {
  return Number(await (await fetch(`${inject("badTsaUrl")}/most/${key}`)).text());
}

/** A signature value to stamp: any bytes serve, the imprint covers whatever is given. */
export function ask(accountId = `acct_${uniqueKey()}`, digest: TimeStampAsk["digest"] = "SHA-256"): TimeStampAsk {
  return { accountId, signature: crypto.getRandomValues(new Uint8Array(72)), digest };
}

/** The services of a Worker whose SIGN_TSA_URL is `url` (and whose other settings `extra` changes). */
export function withAuthority(url: string, extra: Partial<Env> = {}): { timeStamps: TimeStampsPort } {
  const { timeStamps } = buildServices({ ...env, SIGN_TSA_URL: url, ...extra });
  if (!timeStamps) throw new Error("SIGN_TSA_URL is set, and the services have no time-stamps");
  return { timeStamps };
}

/** The stamp's failure as the render path gets it: `render_failed`, stage "signature", and its message. */
export async function failure(stamping: Promise<unknown>): Promise<{ message: string; details: unknown }> {
  const error = await stamping.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ServiceError) || error.type !== "render_failed")
    throw new Error(`expected render_failed, got ${error === null ? "a token" : String(error)}`);
  return { message: error.message, details: error.extra.details };
}
