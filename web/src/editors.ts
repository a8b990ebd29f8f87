// The four CodeMirror 6 editors: source (HTML + Liquid), schema, example and options (JSON, linted as typed),
// with the service's diagnostics drawn at their line and their message beside it.
import {
  autocompletion,
  type Completion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { html } from "@codemirror/lang-html";
import { json } from "@codemirror/lang-json";
import { closePercentBrace, liquid } from "@codemirror/lang-liquid";
import { bracketMatching, foldKeymap, indentOnInput } from "@codemirror/language";
import { lintKeymap } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { closeTagTyping } from "./close-tag-typing";
import { editorLinter, serverDiagnosticsChanged } from "./editor-lint";
import { EDITOR_IDS, type EditorId, type EditorTexts, type ServerDiagnostic } from "./editor-texts";
import { shownExtensions, theme } from "./editor-theme";
import { inlineDiagnostics } from "./inline-diagnostics";
import { optionsCompletion, schemaCompletion } from "./json-complete";
import { parseJson } from "./json-paths";
import { liquidCloseTyping } from "./liquid-close-typing";

const FOLIO_FILTERS: Completion[] = [
  {
    label: "money",
    type: "function",
    detail: "(currency, locale, decimals)",
    info:
      'Formats a number as money: {{ 1200 | money: "EUR", "de-DE" }} → 1.200,00 €; ' +
      "decimals default to the currency's",
  },
  {
    label: "number",
    type: "function",
    detail: "(locale, min decimals, max decimals)",
    info: 'Formats a number for a locale: {{ 3.5 | number: "de-DE" }} → 3,5',
  },
  {
    label: "date_medium",
    type: "function",
    detail: "(locale)",
    info: 'A date in the medium style: {{ "2026-11-02" | date_medium }} → Nov 2, 2026',
  },
];

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
  const liquidConfig = new Compartment();
  let variableNames: string[] = [];
  let propertiesOf: (path: readonly string[]) => string[] = () => [];

  const liquidSupport = () =>
    liquid({
      base: html({ selfClosingTags: true }),
      filters: FOLIO_FILTERS,
      variables: variableNames.map((label) => ({ label, type: "variable", detail: "data" })),
      properties: (path) => propertiesOf(path).map((label) => ({ label, type: "property" })),
    });

  const extensionsFor = (id: EditorId): Extension[] => [
    ...commonExtensions(),
    id === "source" ? [liquidConfig.of(liquidSupport()), closePercentBrace, closeTagTyping, liquidCloseTyping] : json(),
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
    setVariables(names, properties) {
      propertiesOf = properties;
      if (names.join("\u0000") === variableNames.join("\u0000")) return;
      variableNames = names;
      views.source.dispatch({ effects: liquidConfig.reconfigure(liquidSupport()) });
    },
    onChange(listener) {
      listeners.push(listener);
    },
    jsonErrors(id) {
      if (id === "source") return 0;
      const parsed = parseJson(views[id].state.doc.toString());
      return parsed.ok ? 0 : parsed.problems.length;
    },
  };
}
