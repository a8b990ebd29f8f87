// Completion in the JSON editors: render option names and values (from the service's own /openapi.json) in
// Options, JSON Schema keywords in Schema.
import type { Completion, CompletionContext, CompletionResult } from "@codemirror/autocomplete";
import { getLocation } from "jsonc-parser";

interface SchemaNode {
  type?: string;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  $ref?: string;
}

let optionsSchema: Promise<SchemaNode | null> | null = null;

/** The RenderOptions schema of the service's OpenAPI document (same origin, no key), fetched once. */
function renderOptions(): Promise<SchemaNode | null> {
  optionsSchema ??= fetch("/openapi.json")
    .then((res) => (res.ok ? (res.json() as Promise<{ components?: { schemas?: Record<string, SchemaNode> } }>) : null))
    .then((doc) => doc?.components?.schemas?.RenderOptions ?? null)
    .catch(() => null);
  return optionsSchema;
}

function typeLabel(node: SchemaNode | undefined): string {
  if (!node) return "";
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alts = node.anyOf ?? node.oneOf;
  if (alts) return alts.map(typeLabel).join(" | ");
  return node.type ?? "";
}

function enumValues(node: SchemaNode | undefined): unknown[] {
  if (!node) return [];
  if (node.enum) return node.enum;
  if (node.type === "boolean") return [true, false];
  return (node.anyOf ?? node.oneOf ?? []).flatMap(enumValues);
}

const SCHEMA_KEYWORDS: Array<[string, string]> = [
  ["type", '"object", "array", "string", "number", "integer", "boolean" or "null"'],
  ["properties", "the fields of an object"],
  ["required", "names of the fields that must be present"],
  ["items", "the schema of every array item"],
  ["enum", "the only values allowed"],
  ["minimum", "smallest number allowed"],
  ["maximum", "largest number allowed"],
  ["minLength", "shortest string allowed"],
  ["maxLength", "longest string allowed"],
  ["minItems", "fewest array items allowed"],
  ["maxItems", "most array items allowed"],
  ["pattern", "a regular expression the string must match"],
  ["format", '"date", "date-time", "email", "uri", …'],
  ["description", "what the field means"],
  ["default", "a value for documentation"],
  ["additionalProperties", "false refuses fields not listed"],
  ["const", "the one value allowed"],
  ["anyOf", "any of these schemas"],
  ["oneOf", "exactly one of these schemas"],
  ["$schema", "https://json-schema.org/draft/2020-12/schema"],
];

/** The word being typed, inside or outside quotes. */
function wordBefore(context: CompletionContext) {
  const word = context.matchBefore(/"?[\w$-]*/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const quoted = word.text.startsWith('"');
  return { from: quoted ? word.from + 1 : word.from, quoted };
}

/** Replaces `from`..`to` (and the closing quote the editor typed, if any) with `insert`, cursor at its end. */
function replaceWith(insert: string, closing: boolean): Completion["apply"] {
  return (view, _completion, from, to) => {
    const end = closing && view.state.sliceDoc(to, to + 1) === '"' ? to + 1 : to;
    view.dispatch({
      changes: { from, to: end, insert },
      selection: { anchor: from + insert.length },
      userEvent: "input.complete",
    });
  };
}

function keyCompletions(items: Array<[string, string, string?]>, quoted: boolean, closing: boolean): Completion[] {
  return items.map(([label, info, detail]) => ({
    label,
    type: "property",
    detail,
    info,
    // A whole `"name": ` whether or not the quotes were typed, the cursor where the value goes.
    apply: replaceWith(quoted ? `${label}": ` : `"${label}": `, closing),
  }));
}

export function optionsCompletion(context: CompletionContext): Promise<CompletionResult | null> | null {
  const word = wordBefore(context);
  if (!word) return null;
  const text = context.state.doc.toString();
  const location = getLocation(text, context.pos);
  const closing = text[context.pos] === '"';
  return renderOptions().then((schema) => {
    const props = schema?.properties ?? {};
    if (location.isAtPropertyKey && location.path.length === 1) {
      return {
        from: word.from,
        options: keyCompletions(
          Object.entries(props).map(([k, v]) => [k, v.description ?? "", typeLabel(v)]),
          word.quoted,
          closing,
        ),
        validFor: /^[\w$-]*$/,
      };
    }
    if (!location.isAtPropertyKey && location.path.length === 1) {
      const values = enumValues(props[String(location.path[0])]);
      if (!values.length) return null;
      return {
        from: word.quoted ? word.from - 1 : word.from,
        options: values.map((v) => ({
          label: JSON.stringify(v),
          type: "constant",
          apply: replaceWith(JSON.stringify(v), closing),
        })),
        validFor: /^"?[\w$-]*$/,
      };
    }
    return null;
  });
}

export function schemaCompletion(context: CompletionContext): CompletionResult | null {
  const word = wordBefore(context);
  if (!word) return null;
  const text = context.state.doc.toString();
  const location = getLocation(text, context.pos);
  if (!location.isAtPropertyKey) return null;
  // Under "properties" the keys are the template's own field names, not keywords.
  if (location.path.length >= 2 && location.path[location.path.length - 2] === "properties") return null;
  return {
    from: word.from,
    options: keyCompletions(SCHEMA_KEYWORDS, word.quoted, text[context.pos] === '"'),
    validFor: /^[\w$-]*$/,
  };
}
