// The Templates list in the sidebar (drafts not yet published first), and opening a template or a new draft.
import { unwrap } from "@folio/sdk";
import { type EditorTexts, textsOf } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { $, el, emptyItem, toast } from "../shared/dom";
import { ago, errorMessage } from "../shared/wording";
import { type Draft, newDraft } from "../state/draft";
import type { Store } from "../state/store";

export type TemplateList = ReturnType<typeof createTemplateList>;

export function createTemplateList(store: Store, editors: Editors) {
  const { state } = store;

  /** Opens a draft: the one open before keeps its editors (with their undo history) for when it comes back. */
  const openDraft = (draft: Draft, texts: EditorTexts | null) => {
    if (state.current) state.current.states = editors.snapshot();
    state.drafts.set(draft.name, draft);
    store.setCurrent(draft);
    if (draft.states) editors.restore(draft.states);
    else if (texts) editors.load(texts);
    store.opened();
  };

  /** The template asked for last: one that arrives after another was asked for is not opened over it. */
  let wanted: string | null = null;
  const open = async (name: string) => {
    wanted = name;
    if (state.current?.name === name) return;
    const kept = state.drafts.get(name);
    if (kept?.states) return openDraft(kept, null);
    if (!state.folio) return;
    try {
      const template = await unwrap(state.folio.api.GET("/v1/templates/{ref}", { params: { path: { ref: name } } }));
      if (wanted !== name) return;
      openDraft(newDraft(name, template), textsOf(template));
    } catch (e) {
      toast(errorMessage(e, "Could not load the template."), "error");
    }
  };

  const item = (name: string, badge: string, sub: string) => {
    const active = state.current?.name === name;
    const button = el(
      "button",
      { type: "button", class: "item", "data-template": name, ...(active ? { "aria-current": "true" } : {}) },
      el("span", { class: "item-title", text: name }),
      el("span", { class: `badge${badge === "draft" ? " badge-draft" : ""}`, text: badge }),
      el("span", { class: "item-sub", text: sub }),
    );
    button.addEventListener("click", () => void open(name));
    return el("li", {}, button);
  };

  const render = () => {
    const names = new Set(state.templates.map((t) => t.name));
    const unsaved = [...state.drafts.values()].filter((d) => !d.published && !names.has(d.name));
    const items = [
      ...unsaved.map((d) => item(d.name, "draft", "not published yet")),
      ...state.templates.map((t) =>
        item(t.name, `v${t.latest_version}`, t.description || `updated ${ago(t.updated_at)}`),
      ),
    ];
    $("template-list").replaceChildren(...(items.length ? items : [emptyItem("No templates yet.")]));
  };

  /** A deleted template leaves the list, its draft with it; the next one opens in its place. */
  const forget = (name: string) => {
    state.drafts.delete(name);
    state.templates = state.templates.filter((t) => t.name !== name);
    if (state.current?.name !== name) return render();
    store.setCurrent(null);
    const next = state.templates[0];
    if (next) void open(next.name);
  };

  store.on("session", render);
  store.on("current", render);
  return { open, openDraft, forget };
}
