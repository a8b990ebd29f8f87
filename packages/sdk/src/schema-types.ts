/** A JSON Schema as a template holds it (draft 2020-12; `definitions` and OpenAPI's `nullable` read too). */
export type JsonSchema = boolean | { [keyword: string]: unknown };

type SchemaObject = { [keyword: string]: unknown };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const SCALARS: Record<string, string> = {
  string: "string",
  number: "number",
  integer: "number",
  boolean: "boolean",
  null: "null",
};

const pascal = (text: string) =>
  text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/^(\d)/, "_$1");
const propertyKey = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const comment = (text: unknown, indent: string) =>
  typeof text === "string" && text ? `${indent}/** ${text.replace(/\*\//g, "*\\/").replace(/\n/g, ` `)} */\n` : "";
const union = (members: string[]) => [...new Set(members)].join(" | ") || "never";
const wrap = (type: string) => (/[|&]/.test(type) ? `(${type})` : type);

/** One conversion's names: the local definitions, and the declarations made or still to make. */
interface Declarations {
  typeName: string;
  defs: Record<string, JsonSchema>;
  /** Declaration names reached through a `$ref` and not declared yet, with their definition's name. */
  pending: Map<string, string>;
  declared: Map<string, string>;
}

/** The declaration a local `$ref` names (queued when first reached), or null when it is not a definition. */
function refName(out: Declarations, ref: string): string | null {
  const def = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
  if (def === undefined || !(def in out.defs)) return null;
  const name = out.typeName + pascal(def);
  if (!out.declared.has(name)) out.pending.set(name, def);
  return name;
}

function typeOf(out: Declarations, node: JsonSchema, indent: string): string {
  if (node === true) return "unknown";
  if (node === false) return "never";
  const nullable = node.nullable === true ? " | null" : "";
  if (typeof node.$ref === "string") return (refName(out, node.$ref) ?? "unknown") + nullable;
  if ("const" in node) return JSON.stringify(node.const) + nullable;
  if (Array.isArray(node.enum)) return union(node.enum.map((v) => JSON.stringify(v))) + nullable;
  const variants = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return union(variants.map((v) => typeOf(out, v, indent))) + nullable;
  if (Array.isArray(node.allOf))
    return (node.allOf as JsonSchema[]).map((v) => wrap(typeOf(out, v, indent))).join(" & ") + nullable;
  const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === "string" ? [node.type] : [];
  if (types.length === 0 && (node.properties || node.additionalProperties !== undefined)) types.push("object");
  if (types.length === 0 && (node.items || node.prefixItems)) types.push("array");
  if (types.length === 0) return "unknown";
  return (
    union(
      types.map((t) =>
        t === "object"
          ? objectType(out, node, indent)
          : t === "array"
            ? arrayType(out, node, indent)
            : (SCALARS[t] ?? "unknown"),
      ),
    ) + nullable
  );
}

function arrayType(out: Declarations, node: SchemaObject, indent: string): string {
  const rest =
    node.items === undefined || node.items === true
      ? "unknown"
      : node.items === false
        ? null
        : typeOf(out, node.items as JsonSchema, indent);
  if (!Array.isArray(node.prefixItems)) return `${wrap(rest ?? "never")}[]`;
  const fixed = (node.prefixItems as JsonSchema[]).map((item) => typeOf(out, item, indent));
  return `[${[...fixed, ...(rest === null ? [] : [`...${wrap(rest)}[]`])].join(", ")}]`;
}

function objectType(out: Declarations, node: SchemaObject, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const properties = Object.entries((node.properties ?? {}) as Record<string, JsonSchema>);
  const lines = properties.map(([name, property]) => {
    const doc = typeof property === "object" ? comment(property.description, inner) : "";
    return `${doc}${inner}${propertyKey(name)}${required.has(name) ? "" : "?"}: ${typeOf(out, property, inner)};`;
  });
  const extra = node.additionalProperties;
  // An index signature must admit every named property's type, so beside named properties it is `unknown`.
  if (extra !== undefined && extra !== false)
    lines.push(
      `${inner}[key: string]: ${properties.length > 0 ? "unknown" : typeOf(out, extra as JsonSchema, inner)};`,
    );
  return lines.length === 0 ? "Record<string, unknown>" : `{\n${lines.join("\n")}\n${indent}}`;
}

function declare(out: Declarations, name: string, node: JsonSchema) {
  const type = typeOf(out, node, "");
  const doc = typeof node === "object" ? comment(node.description ?? node.title, "") : "";
  out.declared.set(
    name,
    type.startsWith("{\n") ? `${doc}export interface ${name} ${type}` : `${doc}export type ${name} = ${type};`,
  );
}

/**
 * Turns a JSON Schema into TypeScript declarations: the root as `typeName`, each local `$defs`/`definitions`
 * entry it reaches as `typeName` + the entry's name (so recursive schemas stay finite). Keywords that a type
 * cannot say (formats, lengths, patterns) are left to the service's validation.
 */
export function fromSchema(schema: JsonSchema, typeName = "Data"): string {
  const root = typeof schema === "object" ? schema : {};
  const defs = {
    ...(root.definitions as Record<string, JsonSchema> | undefined),
    ...(root.$defs as Record<string, JsonSchema> | undefined),
  };
  const out: Declarations = { typeName, defs, pending: new Map(), declared: new Map() };
  declare(out, typeName, schema);
  for (let next = out.pending.entries().next(); !next.done; next = out.pending.entries().next()) {
    const [name, def] = next.value;
    out.pending.delete(name);
    out.declared.set(name, "");
    // refName() queues only the names it found in defs.
    const definition = defs[def];
    if (!definition) throw new Error(`${def} is not a definition of the schema`);
    declare(out, name, definition);
  }
  return `${[...out.declared.values()].join("\n\n")}\n`;
}
