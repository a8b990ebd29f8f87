// The XML tab: offered while the options hold an e-invoice (or its XML editor holds text), so a
// template without one keeps four tabs. A tab hidden while open gives the Source tab back.

import type { Editors } from "../editors/editors";
import { parseJson } from "../editors/json-paths";
import type { SelectTab } from "../editors/tabs";
import type { Store } from "../state/store";
import { holdsEInvoice } from "./invoice-xml-text";

export function followXmlTab(store: Store, editors: Editors, selectTab: SelectTab) {
  const button = document.querySelector<HTMLButtonElement>('.tabs [data-tab="xml"]');
  if (!button) return;
  const update = () => {
    const options = parseJson(editors.text("options"));
    // Options that do not parse as typed keep the tab as it was: they are being edited.
    if (!options.ok) return;
    const offered = Boolean(store.state.current) && (holdsEInvoice(options.value) || editors.text("xml").trim() !== "");
    button.hidden = !offered;
    if (!offered && button.getAttribute("aria-selected") === "true") selectTab("source");
  };
  // Another template's XML starts at its top, wherever the last one's was scrolled (a version loaded keeps its place).
  let shown: string | null = null;
  store.on("opened", () => {
    const name = store.state.current?.name ?? null;
    if (name !== shown) editors.views.xml.scrollDOM.scrollTop = 0;
    shown = name;
    update();
  });
  store.on("current", update);
  editors.onChange((id) => {
    if (id === "options" || id === "xml") update();
  });
}
