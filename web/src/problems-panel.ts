// The Problems panel under the editors, the counts on the tabs and the diagnostics in the editors: the last
// publish's and preview's problems, after the editors' own JSON errors.
import { EditorSelection } from "@codemirror/state";
import { $, el, rich } from "./dom";
import type { EditorId } from "./editor-texts";
import type { Editors } from "./editors";
import { diagnosticsByEditor, type Problem } from "./problems";
import type { Store } from "./store";
import { type SelectTab, tabButtons } from "./tabs";
import { jsonProblems, problemPlace, problemSummary, tabCount } from "./wording";

export type ProblemsPanel = ReturnType<typeof createProblemsPanel>;

export function createProblemsPanel(store: Store, editors: Editors, selectTab: SelectTab) {
  /** The line a problem sits at in its editor's text as it is now. */
  const lineOf = (p: Problem): number | null => {
    if (!p.editor || !p.diagnostic) return null;
    const doc = editors.views[p.editor].state.doc;
    const span = p.diagnostic.locate(doc.toString());
    return span ? doc.lineAt(Math.min(span.from, doc.length)).number : null;
  };

  const reveal = (p: Problem) => {
    if (!p.editor) return;
    selectTab(p.editor);
    const view = editors.views[p.editor];
    const span = p.diagnostic?.locate(view.state.doc.toString());
    if (span) {
      const from = Math.min(span.from, view.state.doc.length);
      view.dispatch({ selection: EditorSelection.cursor(from), scrollIntoView: true });
    }
    view.focus();
  };

  const item = (p: Problem) => {
    const node = el(
      "li",
      { class: `problem problem-${p.severity}`, "data-editor": p.editor ?? "", "data-path": p.path },
      el("span", { class: "problem-icon", "aria-label": p.severity, text: p.severity === "error" ? "✕" : "!" }),
      el("span", { class: "problem-message" }, rich(p.message)),
      el("span", { class: "problem-where", text: problemPlace(p, lineOf(p)) }),
    );
    if (p.editor) {
      node.tabIndex = 0;
      node.addEventListener("click", () => reveal(p));
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter") reveal(p);
      });
    }
    return node;
  };

  const refresh = () => {
    const problems = store.allProblems();
    editors.setServerDiagnostics(diagnosticsByEditor(problems));
    const shown = [...jsonProblems((id) => editors.jsonErrors(id)), ...problems];
    for (const button of tabButtons()) {
      const { count, severity } = tabCount(shown, button.dataset.tab as EditorId);
      const badge = button.querySelector<HTMLElement>(".count");
      if (!badge) continue;
      badge.hidden = count === 0;
      badge.textContent = String(count);
      badge.dataset.severity = severity;
    }
    const summary = problemSummary(shown);
    $("problem-summary").textContent = summary.text;
    $("problems").dataset.state = summary.state;
    $("problem-list").replaceChildren(...shown.map(item));
  };

  store.on("opened", refresh);
  return { refresh, lineOf };
}
