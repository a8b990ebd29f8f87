import { z } from "@hono/zod-openapi";
import { CertificateListSchema } from "../../contract/certificates";
import { listCertificates } from "../../domain/certificates/list-certificates";
import { serializeCertificate } from "../../domain/certificates/serialize-certificate";
import { READS, tool } from "../tool";

// Certificates are uploaded through the REST API only: a key file and its password never pass through an agent.
export const listCertificatesTool = tool({
  name: "list_certificates",
  title: "List signing certificates",
  description:
    "List your signing certificates, newest first (GET /v1/certificates): the id a signed render names, subject, " +
    "validity and key type. Uploading one is done with the REST API, never through the agent.",
  annotations: READS,
  input: {
    limit: z.int().min(1).max(100).optional().describe("How many certificates to list, 1 to 100; 25 when omitted."),
  },
  output: CertificateListSchema,
  run: async ({ limit }, caller, { db }) => {
    const page = await listCertificates(db, caller.account.id, { limit: limit ?? 25 });
    return { object: "list" as const, data: page.data.map(serializeCertificate), has_more: page.hasMore };
  },
});
