// Recent renders in the sidebar (a finished one links to its file, one with a webhook shows its deliveries), kept
// current while the tab is visible, and the Render button, which renders the published version with the example data.
import { type Render, unwrap } from "@folio/sdk";
import type { Editors } from "../editors/editors";
import { $, el, emptyItem, toast } from "../shared/dom";
import { ago, errorMessage, UNREACHABLE } from "../shared/wording";
import { renderRequest } from "../state/draft";
import type { Store } from "../state/store";
import { refreshWhileVisible } from "./refresh-while-visible";
import { webhookPart } from "./render-deliveries";

/** How often the list is read again while the tab is visible: renders made by the SDK or CLI appear, times age. */
const REFRESH_MS = 20_000;

function item(r: Render, part: HTMLElement | null) {
  const title = el("span", { class: "item-title", text: r.template });
  const status = el("span", {
    class: `pill pill-${r.status}`,
    text: r.status === "succeeded" ? r.format.toUpperCase() : r.status,
  });
  const sub = el("span", {
    class: "item-sub",
    text: `${ago(r.created_at)}${r.page_count ? ` · ${r.page_count} p.` : ""}${r.cached ? " · cached" : ""}`,
  });
  const body = r.url
    ? el(
        "a",
        { class: "item", href: r.url, target: "_blank", rel: "noopener", title: `Open ${r.id}` },
        title,
        status,
        sub,
      )
    : el("div", { class: "item", title: r.error?.message ?? r.id }, title, status, sub);
  return el("li", { "data-render": r.id }, body, part);
}

export function createRenders(store: Store, editors: Editors, usageChanged: () => void) {
  const { state } = store;
  const list = $("render-list");

  // Only the newest load draws: a slow answer never replaces a newer one.
  let loads = 0;
  const load = async () => {
    if (!state.folio) return;
    const seq = ++loads;
    try {
      const renders = await unwrap(state.folio.api.GET("/v1/renders", { params: { query: { limit: 10 } } }));
      if (seq !== loads) return;
      state.renders = renders.data;
      const changed = () => void load();
      list.replaceChildren(
        ...(state.renders.length
          ? state.renders.map((r) => item(r, webhookPart(store, r, changed)))
          : [emptyItem("No renders yet. Render, or copy the curl command.")]),
      );
    } catch {
      if (seq === loads) list.replaceChildren(emptyItem("Could not load renders."));
    }
  };

  const button = $<HTMLButtonElement>("render-button");
  button.addEventListener("click", async () => {
    const request = renderRequest(state.current, editors.text, state.format);
    if (!state.folio || !request) return toast("Create the template first: a render uses a published version.", "info");
    button.disabled = true;
    try {
      const render = await unwrap(state.folio.api.POST("/v1/render", { body: request }));
      toast(render.status === "queued" ? `Render ${render.id} queued` : `Rendered ${render.template}`, "success");
      await load();
      usageChanged();
    } catch (e) {
      toast(errorMessage(e, UNREACHABLE), "error");
    } finally {
      button.disabled = false;
    }
  });
  $("renders-refresh").addEventListener("click", () => void load());
  refreshWhileVisible(() => void load(), REFRESH_MS);
  store.on("session", () => void load());
}
