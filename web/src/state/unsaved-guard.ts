// Work is never dropped unasked: while any open template has unsaved edits, closing or reloading the tab asks
// first (the browser's own question), and so do the studio's actions that replace the editors' texts (Load of a
// version) or forget every draft (Sign out). Switching templates keeps each draft's edits, so it asks nothing.

import type { Editors } from "../editors/editors";
import { type Draft, isDirty } from "./draft";
import type { Store } from "./store";

export type UnsavedGuard = ReturnType<typeof createUnsavedGuard>;

export function createUnsavedGuard(store: Store, editors: Editors) {
  const { state } = store;

  /** A draft kept aside (another template is open) is read from its saved editor states. */
  const keptDirty = (draft: Draft) =>
    draft !== state.current && draft.states !== null && isDirty(draft, (id) => draft.states?.[id].doc.toString() ?? "");

  const currentDirty = () => isDirty(state.current, editors.text);
  const anyDirty = () => currentDirty() || [...state.drafts.values()].some(keptDirty);

  window.addEventListener("beforeunload", (event) => {
    if (!anyDirty()) return;
    // Both, for the browsers that still read returnValue.
    event.preventDefault();
    event.returnValue = "";
  });

  return {
    /** True when the open template's edits may be replaced: none unsaved, or the person said so. */
    mayReplaceCurrent(action: string): boolean {
      const { current } = state;
      if (!current || !currentDirty()) return true;
      return window.confirm(`${current.name} has unsaved changes. ${action} replaces them. Continue?`);
    },
    /** True when every draft may be forgotten (signing out). */
    mayDropAll(): boolean {
      return !anyDirty() || window.confirm("Some templates have unsaved changes. Signing out forgets them. Continue?");
    },
  };
}
