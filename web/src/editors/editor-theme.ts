// How the editors and the version diff look: the syntax colours, the editor chrome, and what every editor shows
// (the writable ones and the XML view alike).
import { foldGutter, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter } from "@codemirror/lint";
import { highlightSelectionMatches } from "@codemirror/search";
import type { Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  lineNumbers,
} from "@codemirror/view";
import { tags as t } from "@lezer/highlight";

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

export const theme = EditorView.theme({
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

/** The gutters (line numbers, folding, diagnostics), the selection, the active line and the syntax colours. */
export const shownExtensions = (): Extension[] => [
  lineNumbers(),
  highlightActiveLineGutter(),
  foldGutter(),
  lintGutter(),
  drawSelection(),
  highlightActiveLine(),
  highlightSelectionMatches(),
  syntaxHighlighting(highlight),
];
