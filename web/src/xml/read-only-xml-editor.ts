// The XML the preview rendered, in a read-only editor: highlighted, searchable, foldable, each rule violation
// marked at its line with its message beside it.
import { xml } from "@codemirror/lang-xml";
import { foldKeymap } from "@codemirror/language";
import { type Diagnostic, setDiagnostics } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { shownExtensions, theme } from "../editors/editor-theme";
import { inlineDiagnostics } from "../editors/inline-diagnostics";
import { $ } from "../shared/dom";
import type { TagPlace } from "./xml-lines";
import type { PlacedViolation } from "./xml-violations";

/** The editor, in the XML view's #xml-editor. */
export function readOnlyXmlEditor(): EditorView {
  return new EditorView({
    parent: $("xml-editor"),
    state: EditorState.create({
      doc: "",
      extensions: [
        ...shownExtensions(),
        xml(),
        inlineDiagnostics,
        keymap.of([...searchKeymap, ...foldKeymap]),
        EditorState.readOnly.of(true),
        EditorView.lineWrapping,
        theme,
        EditorView.contentAttributes.of({ "aria-label": "E-invoice XML (read only)" }),
      ],
    }),
  });
}

/** Shows `text` (replaced only when it changed) with its violations marked at their line. */
export function showXmlText(view: EditorView, text: string, violations: PlacedViolation[]) {
  if (text !== view.state.doc.toString())
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  const diagnostics: Diagnostic[] = violations.map(({ from, to, severity, rule, message }) => ({
    from,
    to,
    severity,
    message: `${rule}: ${message}`,
    source: "E-invoice rules",
  }));
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

/** Puts the cursor on an element's start tag, scrolled to the middle of the view. */
export function revealPlace(view: EditorView, place: TagPlace) {
  view.dispatch({
    selection: EditorSelection.cursor(place.from),
    effects: EditorView.scrollIntoView(place.from, { y: "center" }),
  });
  view.focus();
}
