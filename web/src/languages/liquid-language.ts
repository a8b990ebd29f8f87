// Liquid over HTML (the Source editor) and over XML (the E-invoice XML editor): the same highlighting, the same
// completion of the data's field paths inside `{{ }}` and `{% %}`, and Folio's own filters beside Liquid's.
import type { Completion } from "@codemirror/autocomplete";
import { html } from "@codemirror/lang-html";
import { closePercentBrace, liquid } from "@codemirror/lang-liquid";
import { xml } from "@codemirror/lang-xml";
import type { Extension } from "@codemirror/state";
import { closeTagTyping } from "./close-tag-typing";
import { liquidCloseTyping } from "./liquid-close-typing";

const FOLIO_FILTERS: Completion[] = [
  {
    label: "money",
    type: "function",
    detail: "(currency, locale, decimals)",
    info:
      'Formats a number as money: {{ 1200 | money: "EUR", "de-DE" }} → 1.200,00 €; ' +
      "decimals default to the currency's",
  },
  {
    label: "number",
    type: "function",
    detail: "(locale, min decimals, max decimals)",
    info: 'Formats a number for a locale: {{ 3.5 | number: "de-DE" }} → 3,5',
  },
  {
    label: "date_medium",
    type: "function",
    detail: "(locale)",
    info: 'A date in the medium style: {{ "2026-11-02" | date_medium }} → Nov 2, 2026',
  },
];

/** The data's fields: the top-level names, and the names under a path. */
export interface DataFields {
  names: string[];
  propertiesOf: (path: readonly string[]) => string[];
}

/** Liquid over `base` ("html" for the page, "xml" for the e-invoice), completing the data's fields. */
export function liquidSupport(base: "html" | "xml", fields: DataFields): Extension {
  return liquid({
    base: base === "html" ? html({ selfClosingTags: true }) : xml(),
    filters: FOLIO_FILTERS,
    variables: fields.names.map((label) => ({ label, type: "variable", detail: "data" })),
    properties: (path) => fields.propertiesOf(path).map((label) => ({ label, type: "property" })),
  });
}

/** What typing does in a Liquid editor: `%}`, `}}` and closing tags step over what the editor put there. */
export const liquidTyping: Extension = [closePercentBrace, closeTagTyping, liquidCloseTyping];
