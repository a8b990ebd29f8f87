// The "Compare versions" dialog: two published versions side by side, one field at a time.
import type { Template } from "@folio/sdk";
import { $, el, pressOne, toast } from "../shared/dom";
import { ago, errorMessage } from "../shared/wording";
import type { Store } from "../state/store";
import { type DiffField, fieldText, showDiff } from "./diff";
import type { Versions } from "./versions";

export function createCompare(store: Store, versions: Versions) {
  const { state } = store;
  const dialog = $<HTMLDialogElement>("diff-dialog");
  const selectA = $<HTMLSelectElement>("diff-a");
  const selectB = $<HTMLSelectElement>("diff-b");
  let field: DiffField = "source";
  let cleanup: (() => void) | null = null;

  const draw = async () => {
    if (!state.current) return;
    const name = state.current.name;
    const a = Number(selectA.value);
    const b = Number(selectB.value);
    const host = $("diff-host");
    host.dataset.state = "loading";
    try {
      const [ta, tb] = await Promise.all([versions.fetchVersion(name, a), versions.fetchVersion(name, b)]);
      cleanup?.();
      cleanup = await showDiff(host, fieldText(ta, field), fieldText(tb, field), field);
      const meta = (t: Template) => `${t.ref} · ${t.message || "no message"} · ${ago(t.version_created_at)}`;
      $("diff-meta-a").textContent = meta(ta);
      $("diff-meta-b").textContent = meta(tb);
      host.dataset.state = "ready";
      host.dataset.pair = `${a}:${b}:${field}`;
    } catch (e) {
      host.dataset.state = "error";
      host.replaceChildren(el("p", { class: "form-error", text: errorMessage(e, "Could not load the versions.") }));
    }
  };

  /** Opens the dialog on versions `a` and `b`: by default the latest and the one before it. */
  const open = async (a?: number, b?: number) => {
    const published = state.current?.published;
    if (!published) return toast("Publish the template first: there is nothing to compare yet.", "info");
    if (state.versions.length === 0) await versions.load();
    const latest = published.latest_version;
    const numbers = state.versions.length ? state.versions.map((v) => v.version) : [latest];
    const label = (n: number) => {
      const message = state.versions.find((v) => v.version === n)?.message;
      return `v${n}${message ? ` — ${message}` : ""}`;
    };
    for (const select of [selectA, selectB])
      select.replaceChildren(...numbers.map((n) => el("option", { value: String(n), text: label(n) })));
    selectA.value = String(a ?? Math.max(1, latest - 1));
    selectB.value = String(b ?? latest);
    if (!dialog.open) dialog.showModal();
    await draw();
  };

  $("compare-button").addEventListener("click", () => void open());
  selectA.addEventListener("change", () => void draw());
  selectB.addEventListener("change", () => void draw());
  const fieldButtons = document.querySelectorAll<HTMLButtonElement>("#diff-fields [data-field]");
  for (const button of fieldButtons) {
    button.addEventListener("click", () => {
      field = button.dataset.field as DiffField;
      pressOne(fieldButtons, button);
      void draw();
    });
  }
  dialog.addEventListener("close", () => {
    cleanup?.();
    cleanup = null;
  });
  return { open };
}
