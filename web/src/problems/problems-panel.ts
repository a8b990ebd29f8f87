// The Problems panel under the editors, the counts on the tabs and the diagnostics in the editors: the last
// publish's and preview's problems, after the editors' own JSON errors.
import { EditorSelection } from "@codemirror/state";
import type { EditorId } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { type SelectTab, tabButtons } from "../editors/tabs";
import { $, el, rich } from "../shared/dom";
import { jsonProblems, problemPlace, problemSummary, tabCount } from "../shared/wording";
import type { Store } from "../state/store";
import { ruleTitle } from "./e-invoice-problems";
import { diagnosticsByEditor, type Problem } from "./problems";

export type ProblemsPanel = ReturnType<typeof createProblemsPanel>;

/** The rendered e-invoice XML (the preview's XML view): where a rule's violation is, and showing it there. */
export interface XmlPlaces {
  lineOf(location: string): number | null;
  reveal(location: string): void;
}

export function createProblemsPanel(store: Store, editors: Editors, selectTab: SelectTab) {
  let xml: XmlPlaces | null = null;
  /** A rule's first violation in the XML view: the location whose line comes first, and that line. */
  const firstInXml = (locations: string[]) => {
    const placed = locations.map((location) => ({ location, line: xml?.lineOf(location) ?? null }));
    const known = placed.filter((p): p is { location: string; line: number } => p.line !== null);
    return known.sort((a, b) => a.line - b.line)[0] ?? { location: locations[0] ?? "", line: null };
  };
  /** The line a problem sits at in its editor's text (or a rule's first violation in the XML view) as it is now. */
  const lineOf = (p: Problem): number | null => {
    if (p.rule) return firstInXml(p.rule.locations).line;
    if (!p.editor || !p.diagnostic) return null;
    const doc = editors.views[p.editor].state.doc;
    const span = p.diagnostic.locate(doc.toString());
    return span ? doc.lineAt(Math.min(span.from, doc.length)).number : null;
  };

  const reveal = (p: Problem) => {
    if (p.rule) return xml?.reveal(firstInXml(p.rule.locations).location);
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
      el(
        "span",
        { class: "problem-message" },
        ...(p.rule ? [el("code", { text: ruleTitle(p.rule) }), " "] : []),
        rich(p.message),
      ),
      el("span", { class: "problem-where", text: problemPlace(p, lineOf(p)) }),
    );
    if (p.rule) node.dataset.rule = p.rule.id;
    if (p.editor || p.rule) {
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
  /** The XML view, made by the preview after this panel: its places are read at each refresh. */
  const attachXml = (places: XmlPlaces) => {
    xml = places;
  };
  return { refresh, lineOf, attachXml };
}
