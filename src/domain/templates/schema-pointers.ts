// JSON Pointers into a schema and its instance: where a validator's output unit points, followed through `$ref`s.
import { valueAt } from "../../lib/field-errors";

/** A schema object, read keyword by keyword. */
export type SchemaNode = Record<string, unknown>;

/** A segment that is not valid percent-encoding stands for itself (a `$ref` is the user's text). */
function decodeSegment(segment: string): string {
  const unescaped = segment.replace(/~1/g, "/").replace(/~0/g, "~");
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map(decodeSegment);
}

/** Keywords whose values are instances, not schemas: an `$anchor` written inside one names nothing. */
const INSTANCE_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "examples"]);

function findAnchor(node: unknown, name: string): unknown {
  if (!node || typeof node !== "object") return undefined;
  if ((node as SchemaNode).$anchor === name || (node as SchemaNode).$dynamicAnchor === name) return node;
  for (const [keyword, child] of Object.entries(node)) {
    if (!Array.isArray(node) && INSTANCE_KEYWORDS.has(keyword)) continue;
    const found = findAnchor(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema node a local `$ref` (`#`, `#/json/pointer`, `#anchor`) points at; undefined when there is none. */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (ref.startsWith("#/")) return valueAt(root, pointerSegments(ref));
  return ref.startsWith("#") ? findAnchor(root, ref.slice(1)) : undefined;
}

/** The node at a keyword location, following the `$ref`s the validator went through to get there. */
export function schemaAt(root: unknown, segments: string[]): SchemaNode | undefined {
  let current = root;
  for (const segment of segments) {
    const next = valueAt(current, [segment]);
    current =
      (segment === "$ref" || segment === "$dynamicRef") && typeof next === "string"
        ? resolveLocalRef(root, next)
        : next;
  }
  return current && typeof current === "object" ? (current as SchemaNode) : undefined;
}

/** Instance pointer segments, with indices into arrays as numbers so paths print `items[0]`. */
export function instanceSegments(root: unknown, pointer: string): Array<string | number> {
  const out: Array<string | number> = [];
  let current = root;
  for (const segment of pointerSegments(pointer)) {
    const key = Array.isArray(current) ? Number(segment) : segment;
    out.push(key);
    current = valueAt(current, [key]);
  }
  return out;
}
