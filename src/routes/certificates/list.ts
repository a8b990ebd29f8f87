import { createRoute, z } from "@hono/zod-openapi";
import { CertificateListSchema } from "../../contract/certificates";
import { listCertificates } from "../../domain/certificates/list-certificates";
import { serializeCertificate } from "../../domain/certificates/serialize-certificate";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent, pageQuery } from "../schemas";

const ListQuery = z.strictObject(pageQuery("certificate"));

const route = createRoute({
  method: "get",
  path: "/v1/certificates",
  operationId: "listCertificates",
  tags: ["Certificates"],
  summary: "List live certificates, newest first",
  security: API_KEY_SECURITY,
  request: { query: ListQuery },
  responses: {
    200: jsonContent(CertificateListSchema, "A page of certificates."),
    ...errorResponses("invalid_request", "authentication_error"),
  },
});

export const listCertificatesEndpoint = endpoint(route, async (c) => {
  const { limit, starting_after: startingAfter } = c.req.valid("query");
  const page = await listCertificates(c.var.services.db, c.get("account").id, { limit, startingAfter });
  return c.json({ object: "list" as const, data: page.data.map(serializeCertificate), has_more: page.hasMore });
});
