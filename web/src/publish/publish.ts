// Publishing: the dialog (Create v1, or Publish vN+1 with a message) and Ctrl+S to open it; the call is
// publish-call.ts, which shows a version published since beside the edits instead of publishing over it.
import { FolioError } from "@folio/sdk";
import { EDITOR_IDS, TAB_LABELS } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { problemsOfError } from "../problems/problems";
import type { ProblemsPanel } from "../problems/problems-panel";
import { $ } from "../shared/dom";
import { publishWording, UNREACHABLE } from "../shared/wording";
import type { Store } from "../state/store";
import { type PublishCall, versionMoved } from "./publish-call";
import { createPublishRuleCheck } from "./publish-rule-check";

export function createPublish(store: Store, editors: Editors, problems: ProblemsPanel, call: PublishCall) {
  const { state } = store;
  const dialog = $<HTMLDialogElement>("publish-dialog");
  const messageInput = $<HTMLInputElement>("publish-message");
  const submit = $<HTMLButtonElement>("publish-submit");
  const error = $("publish-error");
  const ruleCheck = createPublishRuleCheck(store, editors, submit);

  const open = () => {
    const { current } = state;
    if (!current) return;
    const broken = EDITOR_IDS.filter((id) => editors.jsonErrors(id) > 0);
    const words = publishWording(current.name, current.published);
    $("publish-title").textContent = words.title;
    $("publish-lede").textContent = words.lede;
    submit.textContent = words.submit;
    error.hidden = broken.length === 0;
    error.textContent = broken.length ? `Fix the JSON in ${broken.map((id) => TAB_LABELS[id]).join(", ")} first.` : "";
    submit.disabled = broken.length > 0;
    if (!broken.length) ruleCheck.prepare();
    messageInput.value = "";
    dialog.showModal();
    messageInput.focus();
  };

  const refused = (e: unknown) => {
    error.hidden = false;
    if (!(e instanceof FolioError)) {
      error.textContent = UNREACHABLE;
      return;
    }
    // A bad name belongs to no editor: it is said in the dialog only.
    const found = problemsOfError(e).map((p) => (p.path === "name" ? { ...p, editor: null } : p));
    state.problems.publish = found.filter((p) => p.editor);
    problems.refresh();
    error.textContent =
      found.length > 1
        ? `${e.message} (${found.length} problems, listed under the editor)`
        : (found[0]?.message ?? e.message);
  };

  const publish = async () => {
    if (!state.folio || !state.current || !ruleCheck.confirmed()) return;
    const message = messageInput.value.trim();
    submit.disabled = true;
    error.hidden = true;
    try {
      if (state.current?.published && (await call.showMoved(message))) return dialog.close();
      await call.send(message);
      dialog.close();
    } catch (e) {
      if (versionMoved(e) && (await call.showMoved(message))) return dialog.close();
      refused(e);
    } finally {
      submit.disabled = false;
    }
  };

  $("publish-button").addEventListener("click", open);
  $("publish-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void publish();
  });
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s" && !$("studio").hidden) {
      e.preventDefault();
      if (!document.querySelector("dialog[open]")) open();
    }
  });
}
