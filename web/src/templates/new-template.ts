// The "New template" dialog: a name and a starter make a draft, which is created on the service when published.

import type { Editors } from "../editors/editors";
import type { SelectTab } from "../editors/tabs";
import { $, el } from "../shared/dom";
import { newDraft } from "../state/draft";
import type { Store } from "../state/store";
import { STARTERS } from "./starters";
import type { TemplateList } from "./template-list";

const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

export function createNewTemplateDialog(store: Store, editors: Editors, list: TemplateList, selectTab: SelectTab) {
  const dialog = $<HTMLDialogElement>("new-dialog");
  const nameInput = $<HTMLInputElement>("new-name");
  const error = $("new-error");

  const open = () => {
    const starters = STARTERS.map((s, i) => {
      const input = el("input", { type: "radio", name: "starter", value: s.id });
      if (i === 0) input.checked = true;
      return el(
        "label",
        { class: "starter" },
        input,
        el("span", { class: "starter-title", text: s.label }),
        el("span", { class: "starter-sub", text: s.description }),
      );
    });
    $("starter-list").replaceChildren(el("legend", { text: "Start from" }), ...starters);
    error.hidden = true;
    nameInput.value = "";
    dialog.showModal();
    nameInput.focus();
  };

  const refuse = (message: string) => {
    error.hidden = false;
    error.textContent = message;
  };

  $("new-button").addEventListener("click", open);
  $("new-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = nameInput.value.trim().toLowerCase();
    const starterId = (new FormData(event.target as HTMLFormElement).get("starter") as string) ?? "hello";
    if (!NAME.test(name))
      return refuse(
        "A name starts with a letter or digit, then up to 62 letters, digits, dots, dashes or underscores.",
      );
    if (store.state.templates.some((t) => t.name === name) || store.state.drafts.has(name))
      return refuse(`A template named “${name}” already exists: open it from the list.`);
    const starter = STARTERS.find((s) => s.id === starterId) ?? STARTERS[0];
    if (!starter) return;
    dialog.close();
    list.openDraft(newDraft(name), starter.texts);
    selectTab("source");
    editors.views.source.focus();
  });
  return { open };
}
