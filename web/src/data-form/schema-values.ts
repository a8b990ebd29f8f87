// What the data form reads from a JSON Schema: the kind of input a value takes, a label for its key, and the
// value a new array row starts with. No DOM here.

export type Schema = Record<string, unknown>;
export type FieldKind = "object" | "array" | "enum" | "boolean" | "integer" | "number" | "date" | "text" | "json";

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The schema's one type: `type` itself, or the one non-null member of a `["string", "null"]` list. */
function typeOf(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null");
  if (isObject(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

/** The input a value of `schema` is edited with; "json" for what the form leaves to the JSON editor. */
export function fieldKind(schema: Schema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string" || typeof v === "number"))
    return "enum";
  const type = typeOf(schema);
  if (type === "string") return schema.format === "date" ? "date" : "text";
  if (type === "object" || type === "array" || type === "boolean" || type === "integer" || type === "number")
    return type;
  return "json";
}

/** The schema of each property, in the schema's order. */
export function propertiesOf(schema: Schema): Array<[string, Schema]> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).map(([key, value]) => [key, isObject(value) ? value : {}]);
}

export const requiredOf = (schema: Schema): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === "string") : [];

export const itemsOf = (schema: Schema): Schema => (isObject(schema.items) ? schema.items : {});

/** `unit_price` → "Unit price". */
export const labelOf = (key: string) => {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The value a new array row starts with: its required fields filled with empty values of their kind. */
export function startValue(schema: Schema): unknown {
  switch (fieldKind(schema)) {
    case "object":
      return Object.fromEntries(
        propertiesOf(schema)
          .filter(([key]) => requiredOf(schema).includes(key))
          .map(([key, child]) => [key, startValue(child)]),
      );
    case "array":
      return [];
    case "enum":
      return (schema.enum as unknown[])[0];
    case "boolean":
      return false;
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    default:
      return "";
  }
}
