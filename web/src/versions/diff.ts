// A side-by-side diff of two published versions (@codemirror/merge, loaded when first opened).
import { html } from "@codemirror/lang-html";
import { json } from "@codemirror/lang-json";
import { liquid } from "@codemirror/lang-liquid";
import { syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, lineNumbers } from "@codemirror/view";
import type { Template } from "@folio/sdk";
import { pretty } from "../editors/editor-texts";
import { highlight } from "../editors/editor-theme";

export type DiffField = "source" | "schema" | "example" | "options";

export function fieldText(template: Template, field: DiffField): string {
  if (field === "source") return template.source;
  const value = field === "schema" ? template.schema : field === "options" ? template.options : template.example;
  return pretty(value ?? null);
}

const readOnly = (field: DiffField) => [
  lineNumbers(),
  EditorView.lineWrapping,
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  field === "source" ? liquid({ base: html() }) : json(),
  syntaxHighlighting(highlight),
  EditorView.theme({
    "&": { fontSize: "12.5px" },
    ".cm-scroller": { fontFamily: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace' },
  }),
];

/** Draws the diff of `a` and `b` into `parent`, replacing what was there; returns a cleanup. */
export async function showDiff(parent: HTMLElement, a: string, b: string, field: DiffField): Promise<() => void> {
  const { MergeView } = await import("@codemirror/merge");
  parent.replaceChildren();
  const view = new MergeView({
    a: { doc: a, extensions: readOnly(field) },
    b: { doc: b, extensions: readOnly(field) },
    parent,
    gutter: true,
    highlightChanges: true,
    collapseUnchanged: { margin: 3, minSize: 6 },
  });
  return () => view.destroy();
}
