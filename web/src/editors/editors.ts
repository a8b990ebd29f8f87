// The CodeMirror 6 editors: source (HTML + Liquid), schema, example and options (JSON, linted as typed), and the
// e-invoice's XML (XML + Liquid), with the service's diagnostics drawn at their line and their message beside it.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { bracketMatching, foldKeymap, indentOnInput } from "@codemirror/language";
import { lintKeymap } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { optionsCompletion, schemaCompletion } from "../languages/json-complete";
import { type DataFields, liquidSupport, liquidTyping } from "../languages/liquid-language";
import { editorLinter, serverDiagnosticsChanged } from "./editor-lint";
import { EDITOR_IDS, type EditorId, type EditorTexts, isLiquidEditor, type ServerDiagnostic } from "./editor-texts";
import { shownExtensions, theme } from "./editor-theme";
import { inlineDiagnostics } from "./inline-diagnostics";
import { parseJson } from "./json-paths";

export interface Editors {
  views: Record<EditorId, EditorView>;
  /** A fresh state for a template: the text of each editor (undo history starts anew). */
  load(texts: EditorTexts): void;
  /** The editors' states, to keep a draft (with its undo history) while another template is open. */
  snapshot(): Record<EditorId, EditorState>;
  restore(states: Record<EditorId, EditorState>): void;
  text(id: EditorId): string;
  /** Replaces the service's diagnostics (all editors) and re-lints at once. */
  setServerDiagnostics(byEditor: Partial<Record<EditorId, ServerDiagnostic[]>>): void;
  /** Top-level variable names for Liquid completion (from the schema and the example). */
  setVariables(names: string[], properties: (path: readonly string[]) => string[]): void;
  onChange(listener: (id: EditorId) => void): void;
  /** Local JSON parse errors of an editor (none for the source). */
  jsonErrors(id: EditorId): number;
}

/** What every editor has: gutters, history, brackets, completion, highlighting, wrapping and the keys for them. */
function commonExtensions(): Extension[] {
  return [
    ...shownExtensions(),
    history(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion({ icons: false }),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    EditorState.tabSize.of(2),
    EditorView.lineWrapping,
  ];
}

export function createEditors(hosts: Record<EditorId, HTMLElement>): Editors {
  const listeners: Array<(id: EditorId) => void> = [];
  const server: Partial<Record<EditorId, ServerDiagnostic[]>> = {};
  // The Liquid editors' completion follows the data's fields: reconfigured when they change.
  const liquidConfig = { source: new Compartment(), xml: new Compartment() };
  let fields: DataFields = { names: [], propertiesOf: () => [] };
  // Properties are read when asked, so a new example's values complete without a reconfiguration.
  const liquidOf = (id: "source" | "xml") =>
    liquidSupport(id === "source" ? "html" : "xml", {
      names: fields.names,
      propertiesOf: (path) => fields.propertiesOf(path),
    });

  const extensionsFor = (id: EditorId): Extension[] => [
    ...commonExtensions(),
    id === "source" || id === "xml" ? [liquidConfig[id].of(liquidOf(id)), liquidTyping] : json(),
    id === "options" ? EditorState.languageData.of(() => [{ autocomplete: optionsCompletion }]) : [],
    id === "schema" ? EditorState.languageData.of(() => [{ autocomplete: schemaCompletion }]) : [],
    editorLinter(id, () => server[id] ?? []),
    inlineDiagnostics,
    theme,
    EditorView.contentAttributes.of({ "aria-label": `${id} editor`, "data-editor": id }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) for (const l of listeners) l(id);
    }),
  ];

  const views = Object.fromEntries(
    EDITOR_IDS.map((id) => [
      id,
      new EditorView({ parent: hosts[id], state: EditorState.create({ doc: "", extensions: extensionsFor(id) }) }),
    ]),
  ) as Record<EditorId, EditorView>;

  return {
    views,
    load(texts) {
      for (const id of EDITOR_IDS)
        views[id].setState(EditorState.create({ doc: texts[id], extensions: extensionsFor(id) }));
    },
    snapshot() {
      return Object.fromEntries(EDITOR_IDS.map((id) => [id, views[id].state])) as Record<EditorId, EditorState>;
    },
    restore(states) {
      for (const id of EDITOR_IDS) views[id].setState(states[id]);
    },
    text: (id) => views[id].state.doc.toString(),
    setServerDiagnostics(byEditor) {
      for (const id of EDITOR_IDS) {
        const next = byEditor[id] ?? [];
        const had = (server[id] ?? []).length > 0;
        server[id] = next;
        if (had || next.length > 0) views[id].dispatch({ effects: serverDiagnosticsChanged.of(null) });
      }
    },
    setVariables(names, propertiesOf) {
      const same = names.join("\u0000") === fields.names.join("\u0000");
      fields = { names, propertiesOf };
      if (same) return;
      for (const id of ["source", "xml"] as const)
        views[id].dispatch({ effects: liquidConfig[id].reconfigure(liquidOf(id)) });
    },
    onChange(listener) {
      listeners.push(listener);
    },
    jsonErrors(id) {
      if (isLiquidEditor(id)) return 0;
      const parsed = parseJson(views[id].state.doc.toString());
      return parsed.ok ? 0 : parsed.problems.length;
    },
  };
}
