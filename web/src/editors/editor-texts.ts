// The editors and what a template is as their texts. No DOM here: the editors themselves are in editors.ts.
import type { Template } from "@folio/sdk";
import { splitInvoiceXml } from "../xml/invoice-xml-text.ts";
import { parseJson } from "./json-paths.ts";

export type EditorId = "source" | "schema" | "example" | "options" | "xml";
export const EDITOR_IDS: EditorId[] = ["source", "schema", "example", "options", "xml"];
/** The editors whose text is Liquid (HTML or XML), not JSON. */
export const isLiquidEditor = (id: EditorId) => id === "source" || id === "xml";
export type EditorTexts = Record<EditorId, string>;

export const TAB_LABELS: Record<EditorId, string> = {
  source: "Source",
  schema: "Schema",
  example: "Example data",
  options: "Options",
  xml: "E-invoice XML",
};

/** A diagnostic from the service: where it lands is computed against the text as it is now. */
export interface ServerDiagnostic {
  severity: "error" | "warning";
  message: string;
  locate(text: string): { from: number; to: number } | null;
}

export const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function textsOf(template: Template): EditorTexts {
  const { options, xml } = splitInvoiceXml(template.options ?? {});
  return {
    source: template.source,
    schema: pretty(template.schema ?? {}),
    example: pretty(template.example ?? {}),
    options: pretty(options),
    xml,
  };
}

/** Two editor texts mean the same: equal source, or equal JSON values. */
export function sameText(id: EditorId, a: string, b: string): boolean {
  if (isLiquidEditor(id)) return a === b;
  const pa = parseJson(a);
  const pb = parseJson(b);
  return pa.ok && pb.ok ? JSON.stringify(pa.value) === JSON.stringify(pb.value) : a === b;
}

/** The one span of `before` to replace for it to read `after` (null when they are equal). */
export function changedSpan(before: string, after: string): { from: number; to: number; insert: string } | null {
  if (before === after) return null;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  const room = Math.min(before.length, after.length) - start;
  while (end < room && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
