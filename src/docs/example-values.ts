// Example JSON for a schema of the OpenAPI document: the values a schema names (`example`, `default`, `const`,
// the first of an `enum`), and plain stand-ins by type where it names none. The same schema always gives the same
// example, so /docs never changes between two requests.
import type { Schema } from "./api-reference";

/** How deep an example follows nested schemas before it stops at `{}` (a Render holds Templates hold schemas...). */
const MAX_DEPTH = 4;
/** A fixed instant for date-time fields, so the page is deterministic. */
const INSTANT = "2026-11-26T09:30:00.000Z";

export interface ExampleContext {
  schemas: Record<string, Schema>;
  /** A request's body: only the required fields, and those the schema gives an example for. */
  request: boolean;
  baseUrl: string;
}

function standIn(schema: Schema, name: string): unknown {
  const type = ([] as string[]).concat(schema.type ?? []).find((t) => t !== "null");
  if (type === "string") {
    if (schema.format === "date-time") return INSTANT;
    if (schema.format === "date") return INSTANT.slice(0, 10);
    if (schema.format === "uri") return `https://files.example.com/${name || "file"}`;
    return name || "string";
  }
  if (type === "integer" || type === "number") return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
  if (type === "boolean") return false;
  if (type === "array") return [];
  return type === "null" ? null : {};
}

/** Whether a property has a value of its own to show (an example, a default or a constant). */
function named(schema: Schema | undefined, context: ExampleContext, depth = 0): boolean {
  if (!schema || depth > MAX_DEPTH) return false;
  if (schema.example !== undefined || schema.const !== undefined) return true;
  if (schema.$ref)
    return named(context.schemas[schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1)], context, depth + 1);
  return false;
}

export function exampleOf(schema: Schema | undefined, context: ExampleContext, name = "", depth = 0): unknown {
  if (!schema) return {};
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.$ref) {
    const target = context.schemas[schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1)];
    return depth > MAX_DEPTH ? {} : exampleOf(target, context, name, depth + 1);
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleOf(part, context, name, depth));
    return Object.assign({}, ...parts.filter((part) => typeof part === "object"));
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const isNull = (s: Schema) => ([] as string[]).concat(s.type ?? []).every((t) => t === "null") && !s.$ref;
    const branch = union.find((s) => !isNull(s)) ?? union[0];
    const objectLike = branch && (branch.$ref || branch.properties || branch.type === "object");
    if (!context.request && objectLike && union.some(isNull)) return null;
    return exampleOf(branch, context, name, depth);
  }
  const types = ([] as string[]).concat(schema.type ?? []);
  // An answer shows a nullable object as null (a succeeded render's `error`), a nullable value as a value.
  if (!context.request && types.includes("null") && types.includes("object")) return null;
  if (schema.items) return depth > MAX_DEPTH ? [] : [exampleOf(schema.items, context, name, depth + 1)];
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties).filter(
      ([key, property]) => !context.request || required.has(key) || named(property, context),
    );
    return Object.fromEntries(entries.map(([key, property]) => [key, exampleOf(property, context, key, depth + 1)]));
  }
  return standIn(schema, name);
}
