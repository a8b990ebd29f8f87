import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { checkKey, claimKey, keepAnswer, releaseKey } from "../domain/idempotency/idempotency-keys";
import { sha256Hex } from "../lib/crypto";
import { canonicalJson } from "../lib/jcs";

/**
 * `Idempotency-Key` on the POSTs that create something (docs/requests.md#idempotency-key). A repeat replays the first
 * answer with `Idempotent-Replayed: true` and runs nothing: no render, no unit, no rate unit, no webhook. Answers
 * below 500 are kept, except a 429: a rate-limited request never ran, so its retry with the same key must.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  checkKey(key);
  const { db, keys, clock } = c.var.services;
  const accountId = c.get("account").id;
  // Keyed: the body may hold passwords (the encryption option), and a bare hash of it could be tested against guesses.
  const request = `POST ${c.req.path}\n${canonicalJson(c.get("body") ?? null)}`;
  const fingerprint = await keys.digest(request);
  // The bare hash is only compared, never stored again: keys kept before the change live out their day.
  const claim = await claimKey(db, accountId, key, fingerprint, clock.now(), await sha256Hex(request));
  if (claim.state === "replay") {
    return new Response(claim.body, {
      status: claim.status,
      headers: { "content-type": "application/json", "idempotent-replayed": "true" },
    });
  }
  // A handler's error never reaches here: Hono's onError has already made it the response, so its status says it all.
  await next();
  const status = c.res.status;
  if (status >= 500 || status === 429) await releaseKey(db, accountId, key);
  else await keepAnswer(db, accountId, key, status, await c.res.clone().text());
});
