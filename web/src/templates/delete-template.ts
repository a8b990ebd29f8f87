// Deleting a template, asked first: the DELETE removes the whole template, every version, so the question says so.
import { unwrap } from "@folio/sdk";
import { $, toast } from "../shared/dom";
import { errorMessage, UNREACHABLE } from "../shared/wording";
import type { Store } from "../state/store";

export function createDeleteTemplate(store: Store, deleted: (name: string) => void) {
  const { state } = store;
  const dialog = $<HTMLDialogElement>("delete-dialog");
  const submit = $<HTMLButtonElement>("delete-submit");
  const error = $("delete-error");
  const button = $<HTMLButtonElement>("delete-button");

  /** Asks, naming every version the template has now (some may have been published elsewhere since). */
  const open = async () => {
    const { folio, current } = state;
    if (!folio || !current?.published) return;
    const ref = current.name;
    const published = await unwrap(folio.api.GET("/v1/templates/{ref}", { params: { path: { ref } } })).catch(
      () => current.published,
    );
    if (!published || state.current !== current) return;
    const count = published.latest_version;
    const versions = count === 1 ? "its one version, v1" : `all ${count} versions, v1 to v${count}`;
    $("delete-title").textContent = `Delete ${published.name}?`;
    $("delete-lede").textContent =
      `This deletes the whole template ${published.name}: ${versions}, not only the one shown. Past renders ` +
      "keep their files; new renders of it answer not found, and its name becomes free. There is no undo.";
    submit.textContent = `Delete ${published.name} and every version`;
    error.hidden = true;
    dialog.showModal();
  };

  const remove = async () => {
    const { folio, current } = state;
    if (!folio || !current?.published) return;
    const name = current.name;
    submit.disabled = true;
    try {
      await unwrap(folio.api.DELETE("/v1/templates/{ref}", { params: { path: { ref: name } } }));
      dialog.close();
      toast(`Deleted ${name} and its versions`, "success");
      deleted(name);
    } catch (e) {
      error.hidden = false;
      error.textContent = errorMessage(e, UNREACHABLE);
    } finally {
      submit.disabled = false;
    }
  };

  button.addEventListener("click", () => void open());
  submit.addEventListener("click", () => void remove());
  const draw = () => {
    button.hidden = !state.current?.published;
  };
  store.on("current", draw);
}
