import { z } from "@hono/zod-openapi";
import { ServiceError } from "../../errors";

function renderId(id: string): string {
  if (/^rnd_[a-z0-9]+$/.test(id)) return id;
  throw new ServiceError("invalid_request", `\`${id}\` is not a render id.`, {
    errors: [
      {
        path: "id",
        message: "A render id matches ^rnd_[a-z0-9]+$.",
        expected: "rnd_ followed by lowercase letters and digits",
        received: id,
      },
    ],
  });
}

/** A render id, checked before any lookup: a malformed one answers its own refusal, not a field error. */
export const RenderIdParam = z.object({
  id: z
    .string()
    .transform(renderId)
    .openapi({ param: { name: "id", in: "path" }, example: "rnd_0a1b2c3d4e5f6g7h8i9j0k1l" }),
});
