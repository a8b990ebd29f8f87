import { createRoute } from "@hono/zod-openapi";
import { DeletedCertificateSchema } from "../../contract/certificates";
import { deleteCertificate } from "../../domain/certificates/delete-certificate";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { CertificateIdParam } from "./params";

const route = createRoute({
  method: "delete",
  path: "/v1/certificates/{id}",
  operationId: "deleteCertificate",
  tags: ["Certificates"],
  summary: "Delete a certificate; its sealed key is erased",
  description: "It signs nothing from then on: a render naming it is 404 `not_found`.",
  security: API_KEY_SECURITY,
  request: { params: CertificateIdParam },
  responses: {
    200: jsonContent(DeletedCertificateSchema, "The certificate is deleted."),
    ...errorResponses("authentication_error", "not_found"),
  },
});

export const deleteCertificateEndpoint = endpoint(route, async (c) => {
  const { id } = c.req.valid("param");
  await deleteCertificate(c.var.services.db, c.get("account").id, id, c.var.services.clock.iso());
  return c.json({ object: "certificate" as const, id, deleted: true as const }, 200);
});
