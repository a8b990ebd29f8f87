// The user's edits set aside when a newer version was loaded over them: "Your draft" in the top bar sets them
// beside the editors, to restore them (then Publish puts them over the version shown) or forget them.

import type { EditorTexts } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { $, toast } from "../shared/dom";
import type { Engine } from "../state/draft";
import type { Store } from "../state/store";
import type { UnsavedGuard } from "../state/unsaved-guard";
import type { SideBySide } from "./side-by-side";
import { differences, editorTexts, listed } from "./version-differences";

export interface KeptDraft {
  texts: EditorTexts;
  engine: Engine;
  /** The version the edits started from. */
  base: number;
}

export type KeptDrafts = ReturnType<typeof createKeptDrafts>;

export function createKeptDrafts(store: Store, editors: Editors, dialog: SideBySide, guard: UnsavedGuard) {
  const { state } = store;
  const kept = new Map<string, KeptDraft>();
  const button = $<HTMLButtonElement>("doc-kept");

  const draw = () => {
    const draft = state.current && kept.get(state.current.name);
    button.hidden = !draft;
    if (draft) button.textContent = `Your draft (from v${draft.base})`;
  };
  const forget = (name: string) => {
    kept.delete(name);
    draw();
  };

  const restore = (draft: KeptDraft) => {
    const { current } = state;
    if (!current || !guard.mayReplaceCurrent("Restoring your draft")) return;
    editors.load(draft.texts);
    current.engine = draft.engine;
    forget(current.name);
    dialog.close();
    store.opened();
    toast("Your draft is back in the editors: Publish puts it over the version shown.", "info");
  };

  button.addEventListener("click", () => {
    const { current } = state;
    const held = current?.published;
    const draft = current && kept.get(current.name);
    if (!current || !held || !draft) return;
    const differs = differences(editorTexts(editors), draft.texts, [current.engine, draft.engine]);
    void dialog.show({
      title: `Your draft, from v${draft.base}`,
      lede: `Kept when v${held.version} was loaded over it. Restore it into the editors, or forget it.`,
      changes: [`It differs from the editors in: ${listed(differs, "nothing")}`],
      left: { label: `The editors (v${held.version})`, source: editors.text("source") },
      right: { label: `Your draft (from v${draft.base})`, source: draft.texts.source },
      actions: [
        {
          id: "forget",
          label: "Forget it",
          run: () => {
            forget(current.name);
            dialog.close();
          },
        },
        { id: "close", label: "Close", run: dialog.close },
        { id: "restore", label: "Restore my draft", primary: true, run: () => restore(draft) },
      ],
    });
  });
  store.on("current", draw);
  return {
    keep(name: string, draft: KeptDraft) {
      kept.set(name, draft);
      draw();
    },
    forget,
  };
}
