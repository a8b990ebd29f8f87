// Which version the editors hold, and whether a newer one was published since (another tab, the CLI, a
// colleague): checked when a template opens, when the window regains focus and right before publishing, and said
// in the top bar, where the notice opens that version beside the user's edits.
import { type Template, unwrap } from "@folio/sdk";
import { $ } from "../shared/dom";
import type { Store } from "../state/store";

export type VersionWatch = ReturnType<typeof createVersionWatch>;

export function createVersionWatch(store: Store, showNewer: (newer: Template) => void, newerFound: () => void) {
  const { state } = store;
  /** The latest version last read of each template, by name. */
  const latest = new Map<string, Template>();
  const notice = $<HTMLButtonElement>("doc-newer");

  /** The latest version read, when it is newer than the one the open editors hold. */
  const newer = (): Template | null => {
    const held = state.current?.published;
    const seen = held ? latest.get(held.name) : undefined;
    return held && seen && seen.version > held.version ? seen : null;
  };

  const draw = () => {
    const found = newer();
    notice.hidden = !found;
    if (!found) return;
    notice.textContent = `v${found.version} is newer`;
    notice.title = `${found.ref} was published after the version you are editing: see it beside your edits`;
  };

  /** Reads the open template's latest version; answers it when it is newer than the one held. */
  const check = async (): Promise<Template | null> => {
    const { folio, current } = state;
    if (!folio || !current?.published) return null;
    const name = current.name;
    const found = await unwrap(folio.api.GET("/v1/templates/{ref}", { params: { path: { ref: name } } }));
    latest.set(name, found);
    // The template list's badge says the latest version at its next redraw.
    state.templates = state.templates.map((t) => (t.name === name ? found : t));
    draw();
    const moved = state.current === current ? newer() : null;
    // The Versions panel lists the newer version too.
    if (moved) newerFound();
    return moved;
  };
  const checkQuietly = () => void check().catch(() => undefined);

  notice.addEventListener("click", () => {
    const found = newer();
    if (found) showNewer(found);
  });
  window.addEventListener("focus", checkQuietly);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkQuietly();
  });
  store.on("current", draw);
  store.on("opened", checkQuietly);
  return { check };
}
