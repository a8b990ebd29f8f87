import { z } from "@hono/zod-openapi";
import { parseReference } from "../../domain/templates/reference";

// The path's template is parsed by the domain's own parser, which answers its own refusal (thrown through the
// validator to the error handler) rather than a generic field error.
export const RefParam = z.object({
  ref: z
    .string()
    .transform((raw) => parseReference(raw))
    .openapi({
      param: { name: "ref", in: "path" },
      description: "`name`, `name@latest`, `name@` or `name@N`.",
      example: "invoice@2",
    }),
});
