import { TEMPLATE_NAME_PATTERN } from "../../contract/shared-rules";
import { ServiceError } from "../../errors";

/** A name (the name rule, without its anchors), then `@`, `@latest` or `@N`. */
const REFERENCE_PATTERN = new RegExp(`^(${TEMPLATE_NAME_PATTERN.source.slice(1, -1)})(?:@([0-9]+|latest)?)?$`);

export interface TemplateReference {
  name: string;
  /** null means the latest version. */
  version: number | null;
}

export function invalidReference(received: string, path = "template"): ServiceError {
  return new ServiceError("invalid_request", `\`${received}\` is not a valid template reference.`, {
    errors: [
      {
        path,
        message: "A template reference is `name`, `name@latest`, `name@` or `name@N` with N a positive integer.",
        expected: "name, name@latest or name@N (N >= 1)",
        received,
        example: "invoice@3",
      },
    ],
  });
}

/** Parses `name`, `name@`, `name@latest` or `name@N`; names compare case-insensitively. */
export function parseReference(raw: string, path = "template"): TemplateReference {
  // The name's group takes part in every match: no name, no match.
  const [, name, version] = REFERENCE_PATTERN.exec(raw.toLowerCase()) ?? [];
  if (name === undefined) throw invalidReference(raw, path);
  if (version === undefined || version === "latest") return { name, version: null };
  const number = Number(version);
  if (!Number.isSafeInteger(number) || number < 1) throw invalidReference(raw, path);
  return { name, version: number };
}

export function formatReference(name: string, version: number): string {
  return `${name}@${version}`;
}
