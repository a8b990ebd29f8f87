import { createRoute, z } from "@hono/zod-openapi";
import { verifyEmail } from "../../domain/accounts/email-verification";
import { errorResponses, ServiceError } from "../../errors";
import { endpoint, refuse } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const VerificationSchema = z
  .object({ object: z.literal("verification"), account: z.string(), email: z.string(), verified: z.literal(true) })
  .openapi("Verification");

const route = createRoute({
  method: "get",
  path: "/v1/verify",
  security: [],
  operationId: "verifyEmail",
  tags: ["Account"],
  summary: "Confirm an account's email address with the token from the verification link",
  description:
    "The token is the credential (the link is opened from an email), so no API key is needed. Tokens are " +
    "single-use and last 24 hours.",
  request: {
    query: z.object({ token: z.string().min(1).openapi({ description: "The token from the verification link." }) }),
  },
  responses: { 200: jsonContent(VerificationSchema, "The address is verified."), ...errorResponses("invalid_request") },
});

export const verifyEndpoint = endpoint(
  route,
  async (c) => {
    const { accountId, email } = await verifyEmail(
      c.var.services.db,
      c.req.valid("query").token,
      c.var.services.clock.now(),
    );
    return c.json({ object: "verification" as const, account: accountId, email, verified: true as const }, 200);
  },
  // The only query field is the token: whatever is wrong with the query, the token is what is missing.
  (result) => (result.success ? undefined : refuse(tokenRequired())),
);

function tokenRequired(): ServiceError {
  return new ServiceError("invalid_request", "The `token` query parameter is required.", {
    errors: [
      {
        path: "token",
        message: "`token` is required.",
        expected: "the token from the verification link",
        received: "missing",
      },
    ],
  });
}
