// The studio never publishes over a version it has not shown (docs/requests.md#if-match). A version published
// after the one the editors hold is set beside the user's edits, and the user chooses: load it (the draft is
// kept, to compare or restore from "Your draft" in the top bar) or publish over it deliberately.
import type { Template } from "@folio/sdk";
import { textsOf } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { toast } from "../shared/dom";
import { ago } from "../shared/wording";
import type { Store } from "../state/store";
import type { KeptDrafts } from "./kept-draft";
import type { SideBySide } from "./side-by-side";
import { changedSince, differences, editorTexts, listed } from "./version-differences";

export function createVersionConflict(
  store: Store,
  editors: Editors,
  dialog: SideBySide,
  kept: KeptDrafts,
  publishOver: (version: number, message: string) => Promise<boolean>,
) {
  const { state } = store;

  const loadNewer = (newer: Template) => {
    const draft = state.current;
    if (!draft?.published) return;
    const texts = editorTexts(editors);
    const edited = differences(textsOf(draft.published), texts, [draft.published.engine, draft.engine]).length > 0;
    if (edited) kept.keep(draft.name, { texts, engine: draft.engine, base: draft.published.version });
    draft.published = newer;
    draft.engine = newer.engine;
    editors.load(textsOf(newer));
    dialog.close();
    store.emit("current");
    store.opened();
    if (edited) toast(`Loaded v${newer.version}. Your draft is kept: "Your draft" compares or restores it.`, "info");
  };

  /** Shows `newer` beside the editors; `message` is the one the user gave Publish, if any. */
  const showNewer = (newer: Template, message = "") => {
    const current = state.current;
    const held = current?.published;
    if (!current || !held) return;
    const edits = differences(textsOf(held), editorTexts(editors), [held.engine, current.engine]);
    void dialog.show({
      title: `${newer.ref} was published after the v${held.version} you are editing`,
      lede:
        `${newer.ref} (${newer.message ? `“${newer.message}”, ` : ""}${ago(newer.version_created_at)}) is the ` +
        "latest version. Nothing has been published from here: load it, or publish your edits over it.",
      changes: [
        `Changed in v${newer.version} since v${held.version}: ${listed(changedSince(held, newer), "nothing")}`,
        `Your edits since v${held.version}: ${listed(edits, "none")}`,
      ],
      left: { label: `${newer.ref}, published since`, source: newer.source },
      right: { label: `Your edits (from v${held.version})`, source: editors.text("source") },
      actions: [
        { id: "cancel", label: "Cancel", run: dialog.close },
        {
          id: "publish-over",
          label: `Publish over v${newer.version}`,
          run: async () => (await publishOver(newer.version, message)) && dialog.close(),
        },
        {
          id: "load-newer",
          label: `Load v${newer.version}, keep my draft`,
          primary: true,
          run: () => loadNewer(newer),
        },
      ],
    });
  };

  return { showNewer };
}
