// The example data as a form, beside its JSON: fields generated from the template's JSON Schema, two-way with the
// Example data editor. Typing in the form rewrites the JSON (as one undoable edit); editing the JSON or the
// schema rebuilds the form once typing pauses.

import { changedSpan, pretty } from "../editors/editor-texts";
import type { Editors } from "../editors/editors";
import { parseJson } from "../editors/json-paths";
import { $, el } from "../shared/dom";
import type { Store } from "../state/store";
import { field } from "./data-form-fields";
import { isObject } from "./schema-values";

const REBUILD_DELAY_MS = 200;

const note = (text: string) => el("p", { class: "form-note", text });

export function createDataForm(store: Store, editors: Editors) {
  const host = $("data-form");
  /** True while the form writes the JSON: that edit must not rebuild the form being typed in. */
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** Writes only the span that changed, so the JSON editor keeps its place and the edit is one in undo. */
  const write = (value: unknown) => {
    const view = editors.views.example;
    const change = changedSpan(view.state.doc.toString(), pretty(value));
    if (!change) return;
    writing = true;
    try {
      view.dispatch({ changes: change, userEvent: "input.form" });
    } finally {
      writing = false;
    }
  };

  const rebuild = () => {
    timer = null;
    if (!store.state.current) return host.replaceChildren();
    const schema = parseJson(editors.text("schema"));
    const example = parseJson(editors.text("example"));
    if (!schema.ok || !isObject(schema.value) || Object.keys(schema.value).length === 0)
      return host.replaceChildren(note("A form for the example data appears here once the schema describes it."));
    if (!example.ok) return host.replaceChildren(note("The JSON on the left does not parse: fix it to use the form."));
    const root: { value: unknown } = { value: isObject(example.value) ? example.value : {} };
    const form = field(
      schema.value,
      { get: () => root.value, set: (value) => (root.value = value ?? {}) },
      "Example data",
      true,
      { changed: () => write(root.value), reshaped: rebuild },
    );
    host.replaceChildren(form);
  };

  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(rebuild, REBUILD_DELAY_MS);
  };

  editors.onChange((id) => {
    if ((id === "example" && !writing) || id === "schema") later();
  });
  store.on("opened", rebuild);
  store.on("current", rebuild);
}
