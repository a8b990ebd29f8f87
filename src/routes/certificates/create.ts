import { createRoute } from "@hono/zod-openapi";
import { CertificateCreateBody, CertificateSchema } from "../../contract/certificates";
import { createCertificate } from "../../domain/certificates/create-certificate";
import { developmentIssuer } from "../../domain/certificates/development-ca";
import { serializeCertificate } from "../../domain/certificates/serialize-certificate";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonBodyOf, jsonContent } from "../schemas";

const route = createRoute({
  method: "post",
  path: "/v1/certificates",
  operationId: "createCertificate",
  tags: ["Certificates"],
  summary: "Upload a signing certificate with its key",
  description:
    "Paid plans only (free and trial accounts: 403). The key is stored sealed and never answered; the file and its " +
    "password are dropped once unpacked. 10 uploads a minute per key, at most 20 live certificates per account " +
    "(409 `conflict`, `details.code` `certificate_limit`). A refusal is a 400 at the field that carried the value " +
    "and never repeats it.",
  security: API_KEY_SECURITY,
  request: { body: jsonBodyOf(CertificateCreateBody) },
  responses: {
    201: jsonContent(CertificateSchema, "The certificate, ready to sign with."),
    ...errorResponses("invalid_request", "authentication_error", "permission_error", "conflict", "rate_limited"),
  },
});

export const createCertificateEndpoint = endpoint(route, async (c) => {
  const caller = { account: c.get("account"), apiKeyId: c.get("apiKeyId") };
  const { devSigningCa } = c.var.services.config;
  const issuer = devSigningCa ? developmentIssuer(devSigningCa) : null;
  const row = await createCertificate(c.var.services, caller, c.req.valid("json"), issuer);
  return c.json(serializeCertificate(row), 201);
});
