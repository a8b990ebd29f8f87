// The e-invoice XML view in the preview pane, offered when the draft's options hold `e_invoice`: the XML the
// service renders from the draft (an XML preview), read-only, with each rule violation marked at its line and a
// list of them under it whose items jump to their line. The preview controller asks for it and hands it over.
import type { EInvoiceRules, PreviewFile } from "@folio/sdk";
import { $ } from "../shared/dom";
import { readOnlyXmlEditor, revealPlace, showXmlText } from "./read-only-xml-editor";
import { type TagPlace, xmlLocator } from "./xml-lines";
import { createXmlViewToggle } from "./xml-view-toggle";
import { showViolationList } from "./xml-violation-list";
import { type PlacedViolation, placedViolations, uncheckedNote } from "./xml-violations";

export type XmlView = ReturnType<typeof createXmlView>;

const hasEInvoice = (options: unknown) =>
  typeof options === "object" && options !== null && Boolean((options as { e_invoice?: unknown }).e_invoice);

/** Rule sets that did not run, said plainly: the verdict shown covers the others only. */
const notAppliedNotes = (rules: EInvoiceRules | null): string[] =>
  (rules?.rules_not_applied ?? []).map(({ name, reason }) => `${name} were not checked: ${reason}.`);

/** `onOpen` runs when the person opens the view: the preview asks again, for the XML. */
export function createXmlView(onOpen: () => void) {
  const panel = $("xml-view");
  const toggle = createXmlViewToggle(onOpen);
  /** Where locations are in the XML shown; a location to show once the XML asked for arrives. */
  let locate: ((location: string) => TagPlace) | null = null;
  let pending: string | null = null;
  const view = readOnlyXmlEditor();
  const reveal = (place: TagPlace) => revealPlace(view, place);

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
    showXmlText(view, text, violations);
    showViolationList(text, violations, note, more, reveal);
    panel.classList.remove("stale");
  };

  return {
    /** Offers the view when the draft's options hold an e-invoice; true when it is open (the preview asks for XML). */
    offer(options: unknown): boolean {
      toggle.offer(hasEInvoice(options));
      return toggle.isOpen();
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
      if (toggle.isOpen() && locate) return reveal(locate(location));
      pending = location;
      toggle.open();
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
