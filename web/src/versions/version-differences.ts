// What differs between two versions of a template, or between a version and the editors, named as the studio's
// tabs name it. No DOM here.
import type { Template } from "@folio/sdk";
import { EDITOR_IDS, type EditorTexts, sameText, TAB_LABELS, textsOf } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";

/** The names of what differs between two sets of texts (and engines). */
export function differences(a: EditorTexts, b: EditorTexts, engines: [string, string]): string[] {
  const fields = EDITOR_IDS.filter((id) => !sameText(id, a[id], b[id])).map((id) => TAB_LABELS[id]);
  return engines[0] === engines[1] ? fields : [...fields, "Engine"];
}

/** What a version changed since another, the description and expected pages included. */
export function changedSince(base: Template, newer: Template): string[] {
  const found = differences(textsOf(base), textsOf(newer), [base.engine, newer.engine]);
  if (base.description !== newer.description) found.push("Description");
  if (base.expected_pages !== newer.expected_pages) found.push("Expected pages");
  return found;
}

export const listed = (names: string[], none: string) => (names.length ? names.join(", ") : none);

export const editorTexts = (editors: Editors) =>
  Object.fromEntries(EDITOR_IDS.map((id) => [id, editors.text(id)])) as EditorTexts;
