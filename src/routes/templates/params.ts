import { parseReference, TEMPLATE_NAME_PATTERN, type TemplateReference } from "../../domain/templates/reference";
import { ServiceError } from "../../errors";
import type { AppContext } from "../../lib/endpoint";

export function refParam(c: AppContext): TemplateReference {
  return parseReference(c.req.param("ref") ?? "");
}

/** A bare, lowercased template name: `name@N` is refused, since a version is never the target of a publish. */
export function nameParam(c: AppContext): string {
  const raw = c.req.param("name") ?? "";
  const name = raw.toLowerCase();
  if (!TEMPLATE_NAME_PATTERN.test(name)) {
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
  return name;
}
