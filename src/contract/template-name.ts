import { ServiceError } from "../errors";
import { z } from "../lib/openapi-zod";
import { TEMPLATE_NAME_PATTERN } from "./shared-rules";

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
