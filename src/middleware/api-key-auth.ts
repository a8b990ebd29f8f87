import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { authenticateKey } from "../domain/api-keys/authenticate-key";
import { ServiceError } from "../errors";

function presentedKey(authorization: string | undefined, apiKeyHeader: string | undefined): string | undefined {
  if (apiKeyHeader) return apiKeyHeader.trim();
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

export const unauthenticated = () =>
  new ServiceError(
    "authentication_error",
    "A valid API key is required: send `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
    {
      headers: { "WWW-Authenticate": 'Bearer realm="folio"' },
    },
  );

/** Resolves the API key to its account. Missing, malformed, unknown and revoked keys get the same 401. */
export const apiKeyAuth = createMiddleware<AppEnv>(async (c, next) => {
  const found = await authenticateKey(
    c.var.services.db,
    presentedKey(c.req.header("authorization"), c.req.header("x-api-key")),
  );
  if (!found) throw unauthenticated();
  c.set("account", found.account);
  c.set("apiKeyId", found.keyId);
  await next();
});
