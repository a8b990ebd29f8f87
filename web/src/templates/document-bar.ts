// The open template's name, version and "unsaved" mark in the top bar, the actions it allows, and its engine.

import type { Editors } from "../editors/editors";
import { $ } from "../shared/dom";
import { type Engine, isDirty } from "../state/draft";
import type { Store } from "../state/store";

export type DocumentBar = ReturnType<typeof createDocumentBar>;

export function createDocumentBar(store: Store, editors: Editors, engineChanged: () => void) {
  const { state } = store;
  const engineSelect = $<HTMLSelectElement>("engine-select");

  const updateDirty = () => {
    $("doc-dirty").hidden = !(state.current?.published && isDirty(state.current, editors.text));
  };

  const update = () => {
    const { current } = state;
    $("doc-name").textContent = current?.name ?? "No template";
    const version = $("doc-version");
    version.textContent = current ? (current.published ? `v${current.published.version}` : "draft") : "";
    version.className = `badge${current && !current.published ? " badge-draft" : ""}`;
    $("publish-button").textContent = current && !current.published ? "Create" : "Publish";
    $("studio").classList.toggle("no-template", !current);
    // Publish needs a template; curl, compare and render need a published version.
    $<HTMLButtonElement>("publish-button").disabled = !current;
    for (const id of ["curl-button", "compare-button", "render-button"])
      $<HTMLButtonElement>(id).disabled = !current?.published;
    engineSelect.value = current?.engine ?? "chromium";
    updateDirty();
  };

  store.on("current", update);
  store.on("opened", () => {
    engineSelect.value = state.current?.engine ?? "chromium";
    updateDirty();
  });
  engineSelect.addEventListener("change", () => {
    if (!state.current) return;
    state.current.engine = engineSelect.value as Engine;
    updateDirty();
    engineChanged();
  });
  return { updateDirty };
}
