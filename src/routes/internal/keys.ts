import { createRoute, z } from "@hono/zod-openapi";
import { issueKeyForAccount } from "../../domain/api-keys/issue-key-for-account";
import { revokeKey } from "../../domain/api-keys/revoke-key";
import { errorResponses } from "../../errors";
import { endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

export const issueKeyEndpoint = endpoint(
  createRoute({
    method: "post",
    hide: true,
    path: "/v1/internal/accounts/{id}/keys",
    request: { params: z.object({ id: z.string() }) },
    responses: {
      201: jsonContent(z.object({ api_key: z.string(), key_id: z.string() }), "A new key, shown once."),
      ...errorResponses("authentication_error", "not_found"),
    },
  }),
  async (c) => {
    const { apiKey, keyId } = await issueKeyForAccount(
      c.var.services.db,
      c.req.valid("param").id,
      c.var.services.clock.iso(),
    );
    return c.json({ api_key: apiKey, key_id: keyId }, 201);
  },
);

export const revokeKeyEndpoint = endpoint(
  createRoute({
    method: "delete",
    hide: true,
    path: "/v1/internal/keys/{key_id}",
    request: { params: z.object({ key_id: z.string() }) },
    responses: {
      200: jsonContent(
        z.object({ id: z.string(), revoked: z.literal(true) }),
        "The key fails with 401 from the next request.",
      ),
      ...errorResponses("authentication_error", "not_found"),
    },
  }),
  async (c) => {
    const keyId = c.req.valid("param").key_id;
    await revokeKey(c.var.services.db, keyId, c.var.services.clock.iso());
    return c.json({ id: keyId, revoked: true as const });
  },
);
