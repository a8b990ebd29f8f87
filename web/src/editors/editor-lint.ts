// What the editors underline: a JSON editor's parse errors as typed, and the service's diagnostics wherever their
// place is in the text as it is now.
import { type Diagnostic, linter } from "@codemirror/lint";
import { type EditorState, StateEffect } from "@codemirror/state";
import { type EditorId, isLiquidEditor, type ServerDiagnostic } from "./editor-texts";
import { parseJson } from "./json-paths";

/** Dispatched when the service's diagnostics change: the linter runs again (it otherwise runs on edits only). */
export const serverDiagnosticsChanged = StateEffect.define<null>();

function placed(diagnostics: ServerDiagnostic[], state: EditorState): Diagnostic[] {
  const text = state.doc.toString();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const span = d.locate(text);
    if (!span) continue;
    const from = Math.min(span.from, state.doc.length);
    out.push({
      from,
      to: Math.max(from, Math.min(span.to, state.doc.length)),
      severity: d.severity,
      message: d.message,
      source: "Folio",
    });
  }
  return out;
}

function jsonErrors(state: EditorState): Diagnostic[] {
  const parsed = parseJson(state.doc.toString());
  if (parsed.ok) return [];
  return parsed.problems.map((p) => ({
    from: Math.min(p.from, state.doc.length),
    to: Math.min(p.to, state.doc.length),
    severity: "error",
    message: p.message,
    source: "JSON",
  }));
}

/** The linter of one editor; `server` answers the service's diagnostics of that editor at the time it runs. */
export const editorLinter = (id: EditorId, server: () => ServerDiagnostic[]) =>
  linter((view) => [...(isLiquidEditor(id) ? [] : jsonErrors(view.state)), ...placed(server(), view.state)], {
    delay: 100,
    needsRefresh: (u) => u.transactions.some((tr) => tr.effects.some((e) => e.is(serverDiagnosticsChanged))),
  });
