// The editor tabs: one editor shown at a time.
import type { EditorId } from "./editor-texts";
import type { Editors } from "./editors";

export const tabButtons = () => document.querySelectorAll<HTMLButtonElement>(".tabs [data-tab]");

export type SelectTab = (id: EditorId) => void;

export function createTabs(editors: Editors): SelectTab {
  const select = (id: EditorId) => {
    for (const button of tabButtons()) button.setAttribute("aria-selected", String(button.dataset.tab === id));
    for (const host of document.querySelectorAll<HTMLElement>("[data-editor-host]"))
      host.hidden = host.dataset.editorHost !== id;
    editors.views[id].requestMeasure();
  };
  for (const button of tabButtons()) button.addEventListener("click", () => select(button.dataset.tab as EditorId));
  return select;
}
