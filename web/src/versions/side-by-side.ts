// The dialog that sets a version beside the user's edits: what differs named, the source as a diff, and the
// choices, each a button whose failure is said in the dialog.

import { $, el } from "../shared/dom";
import { errorMessage, UNREACHABLE } from "../shared/wording";
import { showDiff } from "./diff";

export interface SideBySideView {
  title: string;
  lede: string;
  /** One line per kind of difference, e.g. "Changed in v2 since v1: Source, Example data". */
  changes: string[];
  left: { label: string; source: string };
  right: { label: string; source: string };
  actions: Array<{ id: string; label: string; primary?: boolean; run: () => unknown }>;
}

export type SideBySide = ReturnType<typeof createSideBySide>;

export function createSideBySide() {
  const dialog = $<HTMLDialogElement>("conflict-dialog");
  const error = $("conflict-error");
  const host = $("conflict-diff");
  let cleanup: (() => void) | null = null;

  const button = (action: SideBySideView["actions"][number], all: () => HTMLButtonElement[]) => {
    const node = el("button", {
      type: "button",
      class: action.primary ? "primary" : "ghost",
      "data-choice": action.id,
      text: action.label,
    });
    node.addEventListener("click", async () => {
      for (const b of all()) b.disabled = true;
      error.hidden = true;
      try {
        await action.run();
      } catch (e) {
        error.hidden = false;
        error.textContent = errorMessage(e, UNREACHABLE);
      } finally {
        for (const b of all()) b.disabled = false;
      }
    });
    return node;
  };

  const show = async (view: SideBySideView) => {
    $("conflict-title").textContent = view.title;
    $("conflict-lede").textContent = view.lede;
    $("conflict-changes").replaceChildren(...view.changes.map((text) => el("li", { text })));
    $("conflict-left").textContent = view.left.label;
    $("conflict-right").textContent = view.right.label;
    error.hidden = true;
    const buttons: HTMLButtonElement[] = [];
    buttons.push(...view.actions.map((action) => button(action, () => buttons)));
    $("conflict-actions").replaceChildren(...buttons);
    if (!dialog.open) dialog.showModal();
    host.dataset.state = "loading";
    cleanup?.();
    cleanup = await showDiff(host, view.left.source, view.right.source, "source");
    host.dataset.state = "ready";
  };

  dialog.addEventListener("close", () => {
    cleanup?.();
    cleanup = null;
  });
  return { show, close: () => dialog.close() };
}
