import type { z } from "@hono/zod-openapi";
import type { FieldError } from "../errors";

/** `received` in the words of the specification: `missing`, `null`, `array(3)`, or the JSON type. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** How a message names a wrong value: its type, with the value itself when it is short enough to help. */
export function receivedPhrase(value: unknown): string {
  const type = describeReceived(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    const shown = JSON.stringify(value);
    if (shown.length <= 60) return `${type} ${shown}`;
  }
  return type;
}

/** Joins path segments the way field errors print them: `items[0].quantity`. */
export function formatPath(root: string, segments: ReadonlyArray<PropertyKey>): string {
  let path = root;
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else path += path ? `.${String(segment)}` : String(segment);
  }
  return path;
}

export function valueAt(root: unknown, segments: ReadonlyArray<PropertyKey>): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** Keeps the first error of each path and rule: one mistake is reported once. */
export function dedupeFieldErrors(errors: Array<FieldError & { rule: string }>): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const { rule, ...error } of errors) {
    const key = `${error.path}\u0000${rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(error);
  }
  return out;
}

function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "record" ? "object" : issue.expected;
    case "invalid_value":
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format":
      return issue.format === "regex" && "pattern" in issue ? `string matching ${String(issue.pattern)}` : `${issue.format} string`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "non-empty string";
      return `${issue.origin} ${issue.inclusive === false ? ">" : ">="} ${String(issue.minimum)}${issue.origin === "string" ? " characters" : ""}`;
    case "too_big":
      return `${issue.origin} ${issue.inclusive === false ? "<" : "<="} ${String(issue.maximum)}${issue.origin === "string" ? " characters" : ""}`;
    case "unrecognized_keys":
      return "no such field";
    default:
      return issue.message;
  }
}

/** Turns zod issues about a request body into the service's field errors, paths rooted at the body's own fields. */
export function fieldErrorsFromZod(error: z.ZodError, input: unknown, root = ""): FieldError[] {
  const collected: Array<FieldError & { rule: string }> = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = formatPath(root, [...issue.path, key]);
        collected.push({ rule: issue.code, path, message: `Unknown field \`${path}\`.`, expected: "no such field", received: describeReceived(valueAt(input, [...issue.path, key])) });
      }
      continue;
    }
    const path = formatPath(root, issue.path) || "body";
    const value = valueAt(input, issue.path);
    const received = describeReceived(value);
    const expected = expectedOf(issue);
    const message =
      issue.code === "custom" ? issue.message : received === "missing" ? `\`${path}\` is required.` : `\`${path}\` must be ${expected}; received ${receivedPhrase(value)}.`;
    collected.push({ rule: issue.code, path, message, expected, received });
  }
  return dedupeFieldErrors(collected);
}
