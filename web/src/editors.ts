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
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import {
  type Diagnostic,
  forEachDiagnostic,
  linter,
  lintGutter,
  lintKeymap,
  setDiagnosticsEffect,
} from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { Compartment, EditorState, type Extension, RangeSetBuilder, StateEffect } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from "@codemirror/view";
import { tags as t } from "@lezer/highlight";
import { optionsCompletion, schemaCompletion } from "./json-complete";
import { parseJson } from "./json-paths";

export type EditorId = "source" | "schema" | "example" | "options";
export const EDITOR_IDS: EditorId[] = ["source", "schema", "example", "options"];

/** A diagnostic from the service: where it lands is computed against the text as it is now. */
export interface ServerDiagnostic {
  severity: "error" | "warning";
  message: string;
  locate(text: string): { from: number; to: number } | null;
}

export const highlight = HighlightStyle.define([
  { tag: t.tagName, color: "#2249c8" },
  { tag: t.angleBracket, color: "#8a93a8" },
  { tag: t.attributeName, color: "#8f4ad8" },
  { tag: t.attributeValue, color: "#17804f" },
  { tag: [t.string, t.special(t.string)], color: "#17804f" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "#c2410c" },
  { tag: t.propertyName, color: "#2249c8" },
  {
    tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword],
    color: "#be185d",
    fontWeight: "600",
  },
  { tag: t.variableName, color: "#0f5f8c" },
  { tag: t.function(t.variableName), color: "#a15c00" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "#8a93a8", fontStyle: "italic" },
  { tag: [t.brace, t.bracket, t.squareBracket, t.paren, t.punctuation, t.separator], color: "#6b7385" },
  { tag: t.processingInstruction, color: "#be185d" },
  { tag: t.documentMeta, color: "#8a93a8" },
  { tag: t.invalid, color: "#dc2626" },
]);

const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "13px", backgroundColor: "#fff" },
  ".cm-scroller": {
    fontFamily: 'ui-monospace, "SF Mono", "JetBrains Mono", Menlo, Consolas, monospace',
    lineHeight: "1.55",
  },
  ".cm-content": { padding: "10px 0" },
  ".cm-gutters": { backgroundColor: "#fafbfd", borderRight: "1px solid #eceef4", color: "#a3a9b8" },
  ".cm-activeLineGutter": { backgroundColor: "#eef2fd", color: "#2f5bea" },
  ".cm-activeLine": { backgroundColor: "#f6f8fe" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "#2f5bea", borderLeftWidth: "2px" },
  "&.cm-focused .cm-selectionBackground, ::selection": { backgroundColor: "#d6e0fb" },
  ".cm-selectionBackground": { backgroundColor: "#e3e9fb" },
  ".cm-tooltip": {
    border: "1px solid #e3e6ee",
    borderRadius: "8px",
    boxShadow: "0 8px 24px rgba(29,35,48,.12)",
    overflow: "hidden",
  },
  ".cm-tooltip-autocomplete > ul > li[aria-selected]": { backgroundColor: "#2f5bea" },
  ".cm-lintRange-error": {
    backgroundImage: "none",
    textDecoration: "underline wavy #dc2626",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
  },
  ".cm-lintRange-warning": {
    backgroundImage: "none",
    textDecoration: "underline wavy #d97706",
    textDecorationSkipInk: "none",
    textUnderlineOffset: "3px",
  },
  ".cm-diagnostic": { padding: "6px 10px", fontFamily: "Inter, system-ui, sans-serif", fontSize: "12.5px" },
  ".cm-foldGutter span": { color: "#c4c9d4" },
});

/** Dispatched when the service's diagnostics change: the linter runs again (it otherwise runs on edits only). */
const serverDiagnosticsChanged = StateEffect.define<null>();

const FOLIO_FILTERS: Completion[] = [
  {
    label: "money",
    type: "function",
    detail: "(currency, locale)",
    info: 'Formats a number as money: {{ 1200 | money: "EUR", "de-DE" }} → 1.200,00 €',
  },
  {
    label: "date_medium",
    type: "function",
    detail: "(locale)",
    info: 'A date in the medium style: {{ "2026-11-02" | date_medium }} → Nov 2, 2026',
  },
];

/** The message of the line's most severe diagnostic, drawn after the line's text. */
class InlineMessage extends WidgetType {
  constructor(
    readonly message: string,
    readonly severity: string,
    readonly more: number,
  ) {
    super();
  }
  override eq(other: InlineMessage) {
    return other.message === this.message && other.severity === this.severity && other.more === this.more;
  }
  toDOM() {
    const el = document.createElement("span");
    el.className = `cm-inline-diagnostic cm-inline-diagnostic-${this.severity}`;
    // The line already says where: a leading `data.items[1].quantity` is shortened to its last name.
    const text = this.message.replace(
      /^`([^`]+)`/,
      (_, path: string) =>
        path
          .split(/[.[\]]/)
          .filter(Boolean)
          .pop() ?? path,
    );
    el.textContent = this.more > 0 ? `${text} (+${this.more} more)` : text;
    el.title = this.message;
    return el;
  }
  override ignoreEvent() {
    return false;
  }
}

function inlineMessages(view: EditorView): DecorationSet {
  const byLine = new Map<number, { d: Diagnostic; count: number }>();
  const rank = (s: string) => (s === "error" ? 3 : s === "warning" ? 2 : 1);
  forEachDiagnostic(view.state, (d, from) => {
    const line = view.state.doc.lineAt(Math.min(from, view.state.doc.length));
    const seen = byLine.get(line.number);
    if (!seen) byLine.set(line.number, { d, count: 1 });
    else byLine.set(line.number, { d: rank(d.severity) > rank(seen.d.severity) ? d : seen.d, count: seen.count + 1 });
  });
  const builder = new RangeSetBuilder<Decoration>();
  for (const [number, { d, count }] of [...byLine].sort((a, b) => a[0] - b[0])) {
    const line = view.state.doc.line(number);
    builder.add(line.from, line.from, Decoration.line({ class: `cm-diagnosticLine-${d.severity}` }));
    builder.add(
      line.to,
      line.to,
      Decoration.widget({ widget: new InlineMessage(d.message, d.severity, count - 1), side: 1 }),
    );
  }
  return builder.finish();
}

const inlineDiagnostics = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = inlineMessages(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.transactions.some((tr) => tr.effects.some((e) => e.is(setDiagnosticsEffect))))
        this.decorations = inlineMessages(update.view);
    }
  },
  { decorations: (v) => v.decorations },
);

export interface Editors {
  views: Record<EditorId, EditorView>;
  /** A fresh state for a template: the text of each editor (undo history starts anew). */
  load(texts: Record<EditorId, string>): void;
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

  const serverDiagnostics = (id: EditorId, state: EditorState): Diagnostic[] => {
    const text = state.doc.toString();
    const out: Diagnostic[] = [];
    for (const d of server[id] ?? []) {
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
  };

  const lintFor = (id: EditorId) =>
    linter(
      (view) => {
        const local: Diagnostic[] = [];
        if (id !== "source") {
          const parsed = parseJson(view.state.doc.toString());
          if (!parsed.ok)
            for (const p of parsed.problems)
              local.push({
                from: Math.min(p.from, view.state.doc.length),
                to: Math.min(p.to, view.state.doc.length),
                severity: "error",
                message: p.message,
                source: "JSON",
              });
        }
        return [...local, ...serverDiagnostics(id, view.state)];
      },
      {
        delay: 100,
        needsRefresh: (u) => u.transactions.some((tr) => tr.effects.some((e) => e.is(serverDiagnosticsChanged))),
      },
    );

  const extensionsFor = (id: EditorId): Extension[] => [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    autocompletion({ icons: false }),
    highlightActiveLine(),
    highlightSelectionMatches(),
    syntaxHighlighting(highlight),
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
    id === "source" ? [liquidConfig.of(liquidSupport()), closePercentBrace] : json(),
    id === "options" ? EditorState.languageData.of(() => [{ autocomplete: optionsCompletion }]) : [],
    id === "schema" ? EditorState.languageData.of(() => [{ autocomplete: schemaCompletion }]) : [],
    lintFor(id),
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
