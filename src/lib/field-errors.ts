import type { FieldError } from "../errors";

/** `received` in the words of docs/diagnostics.md#field-errors: `missing`, `null`, `array(3)`, or the JSON type. */
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

/** What a field must be: `expected` is the short form of a field error, `phrase` the words of its message. */
export interface Requirement {
  expected: string;
  phrase: string;
}

/** A requirement a schema states in words of its own: they serve as both. */
export function inWords(words: string): Requirement {
  return { expected: words, phrase: words };
}

const TYPE_PHRASES: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  null: "null",
};
/** Type names as validators spell them, in the JSON terms a user reads. */
const TYPE_NAMES: Record<string, string> = { int: "integer", record: "object", nan: "number" };

export function typeName(type: string): string {
  return TYPE_NAMES[type] ?? type;
}

export function typePhrase(type: string): string {
  return TYPE_PHRASES[typeName(type)] ?? `a ${typeName(type)}`;
}

const FORMAT_PHRASES: Record<string, string> = {
  email: "an email address",
  "date-time": "a date and time such as 2026-01-31T09:00:00Z",
  date: "a date such as 2026-01-31",
  time: "a time such as 09:00:00Z",
  duration: "a duration such as P3D",
  uri: "an absolute URI such as https://example.com/",
  url: "an absolute URL such as https://example.com/",
  "uri-reference": "a URI or a relative reference",
  uuid: "a UUID",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  hostname: "a host name",
  regex: "a regular expression",
  "json-pointer": "a JSON Pointer such as /items/0",
};

export function formatPhrase(format: string): string {
  return FORMAT_PHRASES[format] ?? `a string in the ${format} format`;
}

/** Joins alternatives as a sentence does: `a, b or c`. */
export function either(phrases: string[]): string {
  const unique = [...new Set(phrases)];
  return unique.length <= 1 ? (unique[0] ?? "") : `${unique.slice(0, -1).join(", ")} or ${unique.at(-1)}`;
}

/**
 * `path` is required, or must be `phrase` and was not: the sentence every field error reads as. A secret's value
 * is never repeated, only its type.
 */
export function mustBe(path: string, phrase: string, value: unknown, secret = false): string {
  return value === undefined
    ? `\`${path}\` is required.`
    : `\`${path}\` must be ${phrase}; received ${secret ? describeReceived(value) : receivedPhrase(value)}.`;
}
