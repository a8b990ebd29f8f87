import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { renders } from "../../db/schema";
import { errorResponses, ServiceError } from "../../errors";
import { endpoint, refuse } from "../../lib/endpoint";
import { malformedLink, verifyFileSignature } from "../../lib/signed-url";
import { fileContent } from "../schemas";

const route = createRoute({
  method: "get",
  path: "/v1/files/{id}",
  security: [],
  operationId: "getFile",
  tags: ["Renders"],
  summary: "Download a rendered file through its signed URL (no API key: the signature is the credential)",
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }),
    query: z.object({
      expires: z.string().openapi({ param: { name: "expires", in: "query" } }),
      signature: z.string().openapi({ param: { name: "signature", in: "query" } }),
    }),
  },
  responses: {
    200: fileContent("The file."),
    ...errorResponses("permission_error", "not_found"),
  },
});

export const getFileEndpoint = endpoint(
  route,
  async (c) => {
    const { id } = c.req.valid("param");
    const { expires, signature } = c.req.valid("query");
    await verifyFileSignature(c.var.services.config.signingSecret(), id, expires, signature);
    const [render] = await c.var.services.db.select().from(renders).where(eq(renders.id, id)).limit(1);
    const object = render?.objectKey ? await c.var.services.files.get(render.objectKey) : null;
    if (!render || !object) throw new ServiceError("not_found", "The file of this render does not exist.");
    const [name, version] = render.templateRef.split("@");
    return new Response(object.body, {
      headers: {
        "content-type": render.contentType,
        "content-length": String(object.size),
        "content-disposition": `inline; filename="${name}-v${version}-${render.id}.${render.format}"`,
        etag: object.httpEtag,
        "cache-control": "private, max-age=3600",
      },
    });
  },
  // A link without its expiry or signature is a malformed link, whatever the query's schema says about it.
  (result) => (result.success ? undefined : refuse(malformedLink())),
);
