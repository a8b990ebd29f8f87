// The names Liquid completion offers in the source: the schema's properties, else the example's keys.
import { parseJson } from "../editors/json-paths";

export interface TemplateVariables {
  /** Top-level names, sorted. */
  names: string[];
  /** The names under a path of the data (`["items", "[]"]` is an element of `items`), sorted. */
  propertiesOf(path: readonly string[]): string[];
}

const propertiesOfSchema = (node: unknown): string[] =>
  node && typeof node === "object" && (node as { properties?: object }).properties
    ? Object.keys((node as { properties: object }).properties)
    : [];
const keysOf = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
const sortedUnion = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

export function templateVariables(schemaText: string, exampleText: string): TemplateVariables {
  const schema = parseJson(schemaText);
  const example = parseJson(exampleText);
  const schemaValue = schema.ok ? (schema.value as Record<string, unknown>) : {};
  const exampleValue = example.ok ? example.value : {};
  return {
    names: sortedUnion(propertiesOfSchema(schemaValue), keysOf(exampleValue)),
    propertiesOf(path) {
      let s: unknown = schemaValue;
      let v: unknown = exampleValue;
      for (const segment of path) {
        const sp = (s as { properties?: Record<string, unknown>; items?: unknown } | undefined) ?? {};
        s = segment === "[]" ? sp.items : sp.properties?.[segment];
        v =
          v && typeof v === "object" ? (Array.isArray(v) ? v[0] : (v as Record<string, unknown>)[segment]) : undefined;
      }
      return sortedUnion(propertiesOfSchema(s), keysOf(Array.isArray(v) ? v[0] : v));
    },
  };
}
