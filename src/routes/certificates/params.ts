import { z } from "@hono/zod-openapi";

/** A certificate id; one of another shape names no certificate, so it answers 404 like a deleted one. */
export const CertificateIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "crt_0a1b2c3d4e5f6g7h8i9j0k1l" }),
});
