// The Versions list of the open template: each version's message and age, its diff, and loading it into the
// editors (as unsaved changes, until published).
import { type Template, unwrap } from "@folio/sdk";
import { $, el, emptyItem, toast } from "./dom";
import { textsOf } from "./editor-texts";
import type { Editors } from "./editors";
import type { Store } from "./store";
import { ago, errorMessage } from "./wording";

export type Versions = ReturnType<typeof createVersions>;

export function createVersions(store: Store, editors: Editors, compare: (a: number, b: number) => void) {
  const { state } = store;

  /** A published version, read once: a version never changes. */
  const fetchVersion = async (name: string, version: number): Promise<Template> => {
    const ref = `${name}@${version}`;
    const hit = state.versionCache.get(ref);
    if (hit) return hit;
    if (!state.folio) throw new Error("signed out");
    const template = await unwrap(state.folio.api.GET("/v1/templates/{ref}", { params: { path: { ref } } }));
    state.versionCache.set(ref, template);
    return template;
  };

  const loadVersion = async (version: number) => {
    const { current } = state;
    if (!current) return;
    try {
      const template = await fetchVersion(current.name, version);
      editors.load(textsOf(template));
      current.engine = template.engine;
      store.opened();
      toast(`Loaded v${version} into the editors: publish to make it the latest`, "info");
    } catch (e) {
      toast(errorMessage(e, "Could not load that version."), "error");
    }
  };

  const button = (text: string, title: string, click: () => void) => {
    const node = el("button", { type: "button", class: "small ghost", text, title });
    node.addEventListener("click", click);
    return node;
  };

  const item = (v: (typeof state.versions)[number], latest: number) => {
    const diff =
      v.version > 1
        ? button("Diff", `Compare v${v.version - 1} → v${v.version}`, () => compare(v.version - 1, v.version))
        : button("Diff", "Compare with the latest", () => compare(v.version, latest));
    const load = button("Load", `Load v${v.version} into the editors (as unsaved changes)`, () => {
      void loadVersion(v.version);
    });
    return el(
      "li",
      { class: "version", "data-version": String(v.version) },
      el(
        "div",
        { class: "version-line" },
        el("span", { class: "badge", text: `v${v.version}` }),
        el("span", { class: "version-message", text: v.message || "No message" }),
        el("span", { class: "version-actions" }, diff, load),
      ),
      el("span", { class: "item-sub", text: ago(v.created_at) }),
    );
  };

  const render = () => {
    const list = $("version-list");
    const { current, versions } = state;
    if (!current) return list.replaceChildren(emptyItem("Open a template to see its versions."));
    if (!current.published) return list.replaceChildren(emptyItem("Not published yet: Create makes v1."));
    const latest = versions[0];
    if (!latest) return list.replaceChildren(emptyItem("Loading…"));
    list.replaceChildren(...versions.map((v) => item(v, latest.version)));
  };

  const load = async () => {
    const { folio, current } = state;
    if (!folio || !current?.published) {
      state.versions = [];
      return render();
    }
    const name = current.name;
    try {
      const list = await unwrap(folio.api.GET("/v1/templates/{name}/versions", { params: { path: { name } } }));
      if (state.current?.name !== name) return;
      state.versions = [...list.data].sort((a, b) => b.version - a.version);
    } catch {
      state.versions = [];
    }
    render();
  };

  store.on("current", render);
  store.on("opened", () => void load());
  return { load, fetchVersion };
}
