// The data form's fields, built from a JSON Schema over a value: a fieldset per object, rows per array (added
// and removed), and an input per value of its kind. Each field reads and writes its place in the value through
// `get` and `set`; `changed` tells the form the value changed, `reshaped` that its rows did.
import { el } from "../shared/dom";
import {
  type FieldKind,
  fieldKind,
  itemsOf,
  labelOf,
  propertiesOf,
  requiredOf,
  type Schema,
  startValue,
} from "./schema-values";

export interface Place {
  get(): unknown;
  /** `undefined` removes the key (an emptied optional field). */
  set(value: unknown): void;
}
export interface FormEvents {
  changed(): void;
  reshaped(): void;
}

/** The place of `key` inside the object at `parent` (made when the first field inside it is filled). */
function childPlace(parent: Place, key: string | number): Place {
  return {
    get: () => (parent.get() as Record<string | number, unknown> | undefined)?.[key],
    set(value) {
      let container = parent.get();
      if (!container || typeof container !== "object") {
        container = typeof key === "number" ? [] : {};
        parent.set(container);
      }
      const record = container as Record<string | number, unknown>;
      if (value === undefined && !Array.isArray(container)) delete record[key];
      else record[key] = value;
    },
  };
}

/** An input of a plain value: what it shows and what its text means. */
function input(kind: FieldKind, schema: Schema, place: Place, required: boolean, events: FormEvents): HTMLElement {
  const value = place.get();
  if (kind === "boolean") {
    const box = el("input", { type: "checkbox" });
    box.checked = value === true;
    box.addEventListener("change", () => {
      place.set(box.checked);
      events.changed();
    });
    return box;
  }
  if (kind === "enum") {
    const options = (schema.enum as Array<string | number>).map((v) =>
      el("option", { value: String(v), text: String(v) }),
    );
    const select = el("select", {}, ...(required ? [] : [el("option", { value: "", text: "—" })]), ...options);
    select.value = value === undefined ? "" : String(value);
    select.addEventListener("change", () => {
      const chosen = (schema.enum as Array<string | number>).find((v) => String(v) === select.value);
      place.set(chosen);
      events.changed();
    });
    return select;
  }
  const numeric = kind === "integer" || kind === "number";
  const multiline = kind === "text" && typeof value === "string" && value.includes("\n");
  const field = multiline ? el("textarea", { rows: String(value.split("\n").length) }) : el("input");
  if (field instanceof HTMLInputElement) {
    field.type = numeric ? "number" : kind === "date" ? "date" : "text";
    if (numeric) field.step = kind === "integer" ? "1" : "any";
  }
  field.value = value === undefined || value === null ? "" : String(value);
  field.addEventListener("input", () => {
    const text = field.value;
    if (text === "" && !required) place.set(undefined);
    else if (numeric) place.set(text === "" || Number.isNaN(Number(text)) ? text : Number(text));
    else place.set(text);
    events.changed();
  });
  return field;
}

/** The rows of an array, each removable, and a button that adds one. */
function rows(schema: Schema, place: Place, events: FormEvents): HTMLElement {
  const items = itemsOf(schema);
  const list = Array.isArray(place.get()) ? (place.get() as unknown[]) : [];
  const children = list.map((_, i) => {
    const remove = el("button", {
      type: "button",
      class: "icon",
      title: "Remove this row",
      "aria-label": "Remove row",
    });
    remove.textContent = "×";
    remove.addEventListener("click", () => {
      list.splice(i, 1);
      events.changed();
      events.reshaped();
    });
    return el("div", { class: "form-row" }, field(items, childPlace(place, i), `${i + 1}`, true, events), remove);
  });
  const add = el("button", { type: "button", class: "small ghost", text: "+ Add" });
  add.addEventListener("click", () => {
    place.set([...list, startValue(items)]);
    events.changed();
    events.reshaped();
  });
  return el("div", { class: "form-rows" }, ...children, add);
}

/** The field of one value: a fieldset for an object or an array, else a labelled input. */
export function field(schema: Schema, place: Place, label: string, required: boolean, events: FormEvents): HTMLElement {
  const kind = fieldKind(schema);
  const title = `${label}${required ? " *" : ""}`;
  const hint = typeof schema.description === "string" ? schema.description : "";
  if (kind === "object") {
    const need = requiredOf(schema);
    const fields = propertiesOf(schema).map(([key, child]) =>
      field(child, childPlace(place, key), labelOf(key), need.includes(key), events),
    );
    return el("fieldset", { class: "form-group" }, el("legend", { text: title }), ...fields);
  }
  if (kind === "array")
    return el("fieldset", { class: "form-group" }, el("legend", { text: title }), rows(schema, place, events));
  if (kind === "json") {
    const shown = JSON.stringify(place.get()) ?? "—";
    return el(
      "div",
      { class: "form-field" },
      el("span", { text: title }),
      el("code", { text: shown, title: "Edit in the JSON" }),
    );
  }
  return el(
    "label",
    { class: "form-field", ...(hint ? { title: hint } : {}) },
    el("span", { text: title }),
    input(kind, schema, place, required, events),
  );
}
