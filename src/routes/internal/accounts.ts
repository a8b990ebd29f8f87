import { createRoute, z } from "@hono/zod-openapi";
import { AccountSchema } from "../../contract/accounts";
import {
  CreateAccountBody,
  IssuedAccount,
  UpdateAccountBody,
  VerificationBody,
} from "../../contract/internal-accounts";
import { createAccount } from "../../domain/accounts/create-account";
import { createVerification } from "../../domain/accounts/email-verification";
import { TRIAL_RENDERS } from "../../domain/accounts/plans";
import { serializeAccount } from "../../domain/accounts/serialize-account";
import { updateAccount } from "../../domain/accounts/update-account";
import { errorResponses } from "../../errors";
import { endpoint } from "../../lib/endpoint";
import { jsonBodyOf, jsonContent } from "../schemas";

const AccountIdParam = z.object({ id: z.string() });

export const createAccountEndpoint = endpoint(
  createRoute({
    method: "post",
    hide: true,
    path: "/v1/internal/accounts",
    request: { body: jsonBodyOf(CreateAccountBody) },
    responses: {
      201: jsonContent(IssuedAccount, "Account and its first key."),
      ...errorResponses("invalid_request", "authentication_error"),
    },
  }),
  async (c) => {
    const { account, apiKey, keyId } = await createAccount(
      c.var.services.db,
      c.req.valid("json"),
      c.var.services.clock.iso(),
    );
    return c.json({ account: serializeAccount(account), api_key: apiKey, key_id: keyId }, 201);
  },
);

export const createTrialEndpoint = endpoint(
  createRoute({
    method: "post",
    hide: true,
    path: "/v1/internal/trials",
    responses: {
      201: jsonContent(IssuedAccount, "A trial account with 50 units (a PDF page or an image each)."),
      ...errorResponses("authentication_error"),
    },
  }),
  async (c) => {
    const { account, apiKey, keyId } = await createAccount(
      c.var.services.db,
      { name: `Trial (${TRIAL_RENDERS} units)`, trial: true },
      c.var.services.clock.iso(),
    );
    return c.json({ account: serializeAccount(account), api_key: apiKey, key_id: keyId }, 201);
  },
);

export const updateAccountEndpoint = endpoint(
  createRoute({
    method: "patch",
    hide: true,
    path: "/v1/internal/accounts/{id}",
    request: { params: AccountIdParam, body: jsonBodyOf(UpdateAccountBody) },
    responses: {
      200: jsonContent(AccountSchema, "The account."),
      ...errorResponses("invalid_request", "authentication_error", "not_found"),
    },
  }),
  async (c) => {
    const account = await updateAccount(
      c.var.services.db,
      c.req.valid("param").id,
      c.req.valid("json"),
      c.var.services.clock.iso(),
    );
    return c.json(serializeAccount(account));
  },
);

export const createVerificationEndpoint = endpoint(
  createRoute({
    method: "post",
    hide: true,
    path: "/v1/internal/accounts/{id}/verification",
    request: { params: AccountIdParam, body: jsonBodyOf(VerificationBody) },
    responses: {
      201: jsonContent(
        z.object({ token: z.string(), verify_url: z.string() }),
        "A single-use token valid for 24 hours.",
      ),
      ...errorResponses("invalid_request", "authentication_error", "not_found"),
    },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    const token = await createVerification(
      c.var.services.db,
      c.req.valid("param").id,
      email,
      c.var.services.clock.now(),
    );
    return c.json(
      { token, verify_url: `${c.var.services.config.baseUrl}/v1/verify?token=${encodeURIComponent(token)}` },
      201,
    );
  },
);
