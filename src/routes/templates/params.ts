import { z } from "@hono/zod-openapi";
import { parseReference, TEMPLATE_NAME_PATTERN } from "../../domain/templates/reference";
import { ServiceError } from "../../errors";

/** A bare, lowercased template name: `name@N` is refused, since a version is never the target of a publish. */
function bareName(raw: string): string {
  const name = raw.toLowerCase();
  if (TEMPLATE_NAME_PATTERN.test(name)) return name;
  throw new ServiceError("invalid_request", `\`${raw}\` is not a bare template name.`, {
    errors: [
      {
        path: "template",
        message: "This endpoint takes a bare template name such as `invoice`, never `invoice@2`.",
        expected: `string matching ${TEMPLATE_NAME_PATTERN}`,
        received: raw,
        example: raw.split("@")[0] || "invoice",
      },
    ],
  });
}

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

export const NameParam = z.object({
  name: z
    .string()
    .transform(bareName)
    .openapi({
      param: { name: "name", in: "path" },
      description: "A bare template name (never `name@N`).",
      example: "invoice",
    }),
});
