// The Versions list of the open template: each version's message and age, its diff, and loading it into the
// editors (as unsaved changes, until published).
import { type Template, unwrap } from "@folio/sdk";
import { textsOf } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { $, el, emptyItem, toast } from "../shared/dom";
import { ago, errorMessage } from "../shared/wording";
import type { Store, StudioState } from "../state/store";
import type { UnsavedGuard } from "../state/unsaved-guard";

export type Versions = ReturnType<typeof createVersions>;
type Version = StudioState["versions"][number];

/** A published version, read once: a version never changes. */
async function fetchVersion(state: StudioState, name: string, version: number): Promise<Template> {
  const ref = `${name}@${version}`;
  const hit = state.versionCache.get(ref);
  if (hit) return hit;
  if (!state.folio) throw new Error("signed out");
  const template = await unwrap(state.folio.api.GET("/v1/templates/{ref}", { params: { path: { ref } } }));
  state.versionCache.set(ref, template);
  return template;
}

function button(text: string, title: string, click: () => void) {
  const node = el("button", { type: "button", class: "small ghost", text, title });
  node.addEventListener("click", click);
  return node;
}

/** One version in the list: its number, message and age, with Diff (against the one before) and Load. */
function versionItem(
  v: Version,
  latest: number,
  compare: (a: number, b: number) => void,
  loadVersion: (version: number) => void,
) {
  const diff =
    v.version > 1
      ? button("Diff", `Compare v${v.version - 1} → v${v.version}`, () => compare(v.version - 1, v.version))
      : button("Diff", "Compare with the latest", () => compare(v.version, latest));
  const load = button("Load", `Load v${v.version} into the editors (as unsaved changes)`, () => loadVersion(v.version));
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
}

export function createVersions(
  store: Store,
  editors: Editors,
  guard: UnsavedGuard,
  compare: (a: number, b: number) => void,
) {
  const { state } = store;

  const loadVersion = async (version: number) => {
    const { current } = state;
    if (!current || !guard.mayReplaceCurrent(`Loading v${version}`)) return;
    try {
      const template = await fetchVersion(state, current.name, version);
      editors.load(textsOf(template));
      current.engine = template.engine;
      store.opened();
      toast(`Loaded v${version} into the editors: publish to make it the latest`, "info");
    } catch (e) {
      toast(errorMessage(e, "Could not load that version."), "error");
    }
  };

  const render = () => {
    const list = $("version-list");
    const { current, versions } = state;
    if (!current) return list.replaceChildren(emptyItem("Open a template to see its versions."));
    if (!current.published) return list.replaceChildren(emptyItem("Not published yet: Create makes v1."));
    const latest = versions[0];
    if (!latest) return list.replaceChildren(emptyItem("Loading…"));
    const load = (version: number) => void loadVersion(version);
    list.replaceChildren(...versions.map((v) => versionItem(v, latest.version, compare, load)));
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
  return { load, fetchVersion: (name: string, version: number) => fetchVersion(state, name, version) };
}
