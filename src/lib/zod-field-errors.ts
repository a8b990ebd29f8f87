// Field errors from zod issues: a request body its route's schema refuses, explained field by field.
import type { z } from "@hono/zod-openapi";
import type { FieldError } from "../errors";
import {
  dedupeFieldErrors,
  describeReceived,
  either,
  formatPath,
  formatPhrase,
  inWords,
  mustBe,
  type Requirement,
  typeName,
  typePhrase,
  valueAt,
} from "./field-errors";

/** Fields whose values an answer never repeats: passwords and key material (docs/diagnostics.md#field-errors). */
const SECRET_PATH = /(^|\.)(encryption|pkcs12|password|private_key_pem|certificate_pem|chain_pem)(\.|$)/;

/**
 * zod's own wording ("Invalid input", "Invalid string: must match pattern /.../") names the validator, not
 * the field; a schema that says in words what it accepts (`{ error: "..." }`) is quoted instead.
 */
function ownWording(issue: z.core.$ZodIssue): string | null {
  return /^(Invalid|Too (big|small)|Unrecognized)\b/.test(issue.message) ? null : issue.message;
}

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): Requirement {
  const small = issue.code === "too_small";
  const exclusive = issue.inclusive === false;
  const sign = small ? (exclusive ? ">" : ">=") : exclusive ? "<" : "<=";
  const side = small ? (exclusive ? "more than" : "at least") : exclusive ? "less than" : "at most";
  const n = String(small ? issue.minimum : issue.maximum);
  if (issue.origin === "string") {
    if (small && n === "1" && !exclusive) return { expected: "non-empty string", phrase: "a non-empty string" };
    return { expected: `string ${sign} ${n} characters`, phrase: `${side} ${n} characters long` };
  }
  if (issue.origin === "array" || issue.origin === "set")
    return { expected: `array ${sign} ${n} items`, phrase: `an array of ${side} ${n} ${n === "1" ? "item" : "items"}` };
  return { expected: `number ${sign} ${n}`, phrase: `${side} ${n}` };
}

/** One alternative of a union, by what it wanted at its own top level: `a string or an object`. */
function alternativePhrase(issues: z.core.$ZodIssue[]): string {
  const top = issues.find((i) => i.path.length === 0) ?? issues[0];
  return top ? requirementOf(top).phrase : "a valid value";
}

function requirementOf(issue: z.core.$ZodIssue): Requirement {
  const own = ownWording(issue);
  switch (issue.code) {
    case "invalid_type":
      return { expected: typeName(issue.expected), phrase: typePhrase(issue.expected) };
    case "invalid_value": {
      const values = issue.values.map((v) => JSON.stringify(v));
      return inWords(values.length === 1 ? `exactly ${values[0]}` : `one of ${values.join(", ")}`);
    }
    case "invalid_format":
      if (own) return inWords(own);
      return issue.format === "regex"
        ? { expected: "string in the accepted form", phrase: "a string in the accepted form" }
        : { expected: `${issue.format} string`, phrase: formatPhrase(issue.format) };
    case "too_small":
    case "too_big":
      return bound(issue);
    case "not_multiple_of":
      return { expected: `multiple of ${String(issue.divisor)}`, phrase: `a multiple of ${String(issue.divisor)}` };
    case "invalid_union":
      return inWords(own ?? either(issue.errors.map(alternativePhrase)));
    default:
      return inWords(own ?? "a valid value");
  }
}

/** Turns zod issues about a request body into the service's field errors, paths rooted at the body's own fields. */
export function fieldErrorsFromZod(error: z.ZodError, input: unknown, root = ""): FieldError[] {
  const collected: Array<FieldError & { rule: string }> = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const path = formatPath(root, [...issue.path, key]);
        collected.push({
          rule: issue.code,
          path,
          message: `Unknown field \`${path}\`.`,
          expected: "no such field",
          received: describeReceived(valueAt(input, [...issue.path, key])),
        });
      }
      continue;
    }
    const path = formatPath(root, issue.path) || "body";
    const value = valueAt(input, issue.path);
    const { expected, phrase } = requirementOf(issue);
    const message = issue.code === "custom" ? issue.message : mustBe(path, phrase, value, SECRET_PATH.test(path));
    collected.push({ rule: issue.code, path, message, expected, received: describeReceived(value) });
  }
  return dedupeFieldErrors(collected);
}
