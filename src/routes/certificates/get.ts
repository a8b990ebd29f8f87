import { createRoute } from "@hono/zod-openapi";
import { CertificateSchema } from "../../contract/certificates";
import { getCertificate } from "../../domain/certificates/find-certificate";
import { serializeCertificate } from "../../domain/certificates/serialize-certificate";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { CertificateIdParam } from "./params";

const route = createRoute({
  method: "get",
  path: "/v1/certificates/{id}",
  operationId: "getCertificate",
  tags: ["Certificates"],
  summary: "Get a certificate",
  security: API_KEY_SECURITY,
  request: { params: CertificateIdParam },
  responses: {
    200: jsonContent(CertificateSchema, "The certificate (never its key)."),
    ...errorResponses("authentication_error", "not_found"),
  },
});

export const getCertificateEndpoint = endpoint(route, async (c) => {
  const row = await getCertificate(c.var.services.db, c.get("account").id, c.req.valid("param").id);
  return c.json(serializeCertificate(row), 200);
});
