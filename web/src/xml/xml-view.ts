// The e-invoice XML view in the preview pane, offered when the draft's options hold `e_invoice`: the XML the
// service renders from the draft (an XML preview), read-only, with each rule violation marked at its line and a
// list of them under it whose items jump to their line. The preview controller asks for it and hands it over.
import { xml } from "@codemirror/lang-xml";
import { foldKeymap } from "@codemirror/language";
import { type Diagnostic, setDiagnostics } from "@codemirror/lint";
import { searchKeymap } from "@codemirror/search";
import { EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import type { EInvoiceRules, PreviewFile } from "@folio/sdk";
import { shownExtensions, theme } from "../editors/editor-theme";
import { inlineDiagnostics } from "../editors/inline-diagnostics";
import { $, el, emptyItem, pressOne } from "../shared/dom";
import { type TagPlace, xmlLocator } from "./xml-lines";
import { type PlacedViolation, placedViolations, uncheckedNote } from "./xml-violations";

export type XmlView = ReturnType<typeof createXmlView>;

const hasEInvoice = (options: unknown) =>
  typeof options === "object" && options !== null && Boolean((options as { e_invoice?: unknown }).e_invoice);

const plural = (n: number) => (n === 1 ? "" : "s");

/** Rule sets that did not run, said plainly: the verdict shown covers the others only. */
export const notAppliedNotes = (rules: EInvoiceRules | null): string[] =>
  (rules?.rules_not_applied ?? []).map(({ name, reason }) => `${name} were not checked: ${reason}.`);

/** The XML, read-only, highlighted, its violations marked at their line. */
function readOnlyXmlEditor(): EditorView {
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

/** A violation in the list under the XML: an item that shows its line when chosen. */
function violationItem(v: PlacedViolation, reveal: (v: PlacedViolation) => void): HTMLElement {
  const node = el(
    "li",
    { class: `problem problem-${v.severity}`, "data-rule": v.rule, "data-line": String(v.line), tabindex: "0" },
    el("span", { class: "problem-icon", "aria-label": v.severity, text: v.severity === "error" ? "✕" : "!" }),
    el("span", { class: "problem-message" }, el("code", { text: v.rule }), ` ${v.message}`),
    el("span", { class: "problem-where", text: `line ${v.line}` }),
  );
  node.title = v.location;
  node.addEventListener("click", () => reveal(v));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter") reveal(v);
  });
  return node;
}

/** `onOpen` runs when the person opens the view: the preview asks again, for the XML. */
export function createXmlView(onOpen: () => void) {
  const toggle = $<HTMLButtonElement>("xml-toggle");
  const panel = $("xml-view");
  const pane = panel.parentElement as HTMLElement;
  const list = $("xml-violation-list");
  let open = false;
  /** Where locations are in the XML shown; a location to show once the XML asked for arrives. */
  let locate: ((location: string) => TagPlace) | null = null;
  let pending: string | null = null;
  const view = readOnlyXmlEditor();

  // XML is the last of the format buttons: pressing it opens the view, pressing a page format closes it (the
  // preview's own handler then asks for that format), and closing it otherwise presses the format it left.
  const formats = [...document.querySelectorAll<HTMLButtonElement>(".preview-bar [data-format]")];
  let formatLeft: HTMLButtonElement | undefined;
  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    if (open) formatLeft = formats.find((b) => b.getAttribute("aria-pressed") === "true");
    pressOne([...formats, toggle], open ? toggle : (formatLeft ?? toggle));
    panel.hidden = !open;
    $("preview-body").hidden = open;
    pane.dataset.view = open ? "xml" : "pages";
  };
  toggle.addEventListener("click", () => {
    if (open) return;
    setOpen(true);
    onOpen();
  });
  for (const button of formats) button.addEventListener("click", () => setOpen(false));

  const reveal = (v: TagPlace) => {
    view.dispatch({
      selection: EditorSelection.cursor(v.from),
      effects: EditorView.scrollIntoView(v.from, { y: "center" }),
    });
    view.focus();
  };

  /** Shows `text` with its violations; `note` says why it was not checked, `more` that the service left some out. */
  const fill = (
    text: string,
    violations: PlacedViolation[],
    note: string | null,
    more = false,
    skipped: string[] = [],
  ) => {
    locate = text ? xmlLocator(text) : null;
    $("xml-rules-note").textContent = skipped.join(" ");
    $("xml-rules-note").hidden = skipped.length === 0;
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
    const errors = violations.filter((v) => v.severity === "error").length;
    const count = `${violations.length}${more ? "+" : ""} rule violation${plural(violations.length)}`;
    $("xml-summary").textContent = !text ? "" : note ? "Not checked" : `${count}${errors ? ` (${errors} fatal)` : ""}`;
    const none = note ?? "No rule violations: every official rule checked passes.";
    list.replaceChildren(
      ...(violations.length ? violations.map((v) => violationItem(v, reveal)) : text ? [emptyItem(none)] : []),
    );
    $("xml-violations").dataset.state = errors ? "error" : violations.length ? "warning" : "";
    panel.classList.remove("stale");
  };

  return {
    /** Offers the view when the draft's options hold an e-invoice; true when it is open (the preview asks for XML). */
    offer(options: unknown): boolean {
      const offered = hasEInvoice(options);
      toggle.hidden = !offered;
      if (!offered && open) setOpen(false);
      return open;
    },
    /** An XML preview came back: its text, and its violations at their line. */
    show(result: PreviewFile, seq: number) {
      const text = new TextDecoder().decode(result.bytes);
      const note = uncheckedNote(result.warnings);
      const skipped = notAppliedNotes(result.eInvoiceRules);
      fill(text, placedViolations(text, result.warnings), note, result.warningsTruncated, skipped);
      panel.dataset.seq = String(seq);
      if (pending && locate) reveal(locate(pending));
      pending = null;
    },
    /** The line of the element a location names in the XML shown, or null when none is shown. */
    lineOf: (location: string) => locate?.(location).line ?? null,
    /** Shows the element a location names: at once when the XML is shown, else once the preview brings it. */
    reveal(location: string) {
      if (open && locate) return reveal(locate(location));
      pending = location;
      if (!open) {
        setOpen(true);
        onOpen();
      }
    },
    /** The XML shown no longer matches the draft (a preview failed): it stays, faded. */
    markStale() {
      panel.classList.add("stale");
    },
    clear() {
      fill("", [], null);
    },
  };
}
