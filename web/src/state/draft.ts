// A template as it is being edited, and the requests made of it: a preview, a publish, a render. Pure: the
// editors' texts come in through `text`, so every request here is built and tested without a page.

import type { EditorState } from "@codemirror/state";
import type { PreviewRequest, RenderRequest, Template, TemplateVersionInput } from "@folio/sdk";
import { EDITOR_IDS, type EditorId, sameText, textsOf } from "../editors/editor-texts";
import { parseJson } from "../editors/json-paths";
import { joinInvoiceXml } from "../xml/invoice-xml-text";

export type Format = "pdf" | "png" | "jpg";
export type Engine = "chromium" | "satori";
/** An editor's text as it is now. */
export type TextOf = (id: EditorId) => string;

export interface Draft {
  name: string;
  /** The latest published version, or null for a template not created yet. */
  published: Template | null;
  /** The editors' states (with their undo history) while another template is open. */
  states: Record<EditorId, EditorState> | null;
  engine: Engine;
  /** The pages of the last PDF preview of this draft's example, for the expected_pages a new template stores. */
  previewedPages?: number;
}

export const newDraft = (name: string, published: Template | null = null): Draft => ({
  name,
  published,
  states: null,
  engine: published?.engine ?? "chromium",
});

/** Unsaved: never published, or its texts or engine differ from the latest version. */
export function isDirty(draft: Draft | null, text: TextOf): boolean {
  if (!draft) return false;
  if (!draft.published) return true;
  const texts = textsOf(draft.published);
  return EDITOR_IDS.some((id) => !sameText(id, text(id), texts[id])) || draft.engine !== draft.published.engine;
}

type JsonId = Exclude<EditorId, "source" | "xml">;
const JSON_IDS: JsonId[] = ["schema", "example", "options"];

/** What a preview of the draft needs: its JSON editors parsed, else the ones that are not JSON yet. */
export type PreviewInput =
  | { kind: "broken"; broken: JsonId[] }
  | { kind: "empty" }
  | { kind: "no-example" }
  | { kind: "ready"; request: PreviewRequest };

/**
 * No example data yet ({} or null) for a schema that requires fields: a preview could only list every required
 * field as missing, so the studio asks for example data instead (a template published without one, say).
 */
function awaitsExample(schema: unknown, example: unknown): boolean {
  const none = example === null || (isObject(example) && Object.keys(example).length === 0);
  return none && isObject(schema) && Array.isArray(schema.required) && schema.required.length > 0;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function previewInput(draft: Draft, text: TextOf, format: Format): PreviewInput {
  const parsed = Object.fromEntries(JSON_IDS.map((id) => [id, parseJson(text(id))])) as Record<
    JsonId,
    ReturnType<typeof parseJson>
  >;
  const broken = JSON_IDS.filter((id) => !parsed[id].ok);
  if (broken.length) return { kind: "broken", broken };
  const source = text("source");
  if (!source.trim()) return { kind: "empty" };
  const value = (id: JsonId) => (parsed[id] as { value: unknown }).value;
  if (awaitsExample(value("schema"), value("example"))) return { kind: "no-example" };
  return {
    kind: "ready",
    request: {
      source,
      engine: draft.engine,
      schema: value("schema") as PreviewRequest["schema"],
      options: joinInvoiceXml(value("options"), text("xml")) as PreviewRequest["options"],
      data: value("example"),
      format,
    },
  };
}

/** The definition a publish sends: the editors' texts (their JSON already checked) and the message, if any. */
export function publishDefinition(draft: Draft, text: TextOf, message: string): TemplateVersionInput {
  const value = (id: EditorId) => (parseJson(text(id)) as { value: unknown }).value;
  return {
    source: text("source"),
    engine: draft.engine,
    schema: value("schema") as TemplateVersionInput["schema"],
    options: joinInvoiceXml(value("options"), text("xml")) as TemplateVersionInput["options"],
    example: value("example"),
    ...(message ? { message } : {}),
  };
}

/**
 * A new template's reservation (`expected_pages`): the pages its example came to in the last PDF preview; the
 * service's default when none was seen. Later versions inherit it, as the API does.
 */
export const expectedPagesOf = (draft: Draft) => (draft.previewedPages ? { expected_pages: draft.previewedPages } : {});

/** The render of the version the editors hold (shown in the top bar) with the example data; the format only when
 * not the default. */
export function renderRequest(draft: Draft | null, text: TextOf, format: Format): RenderRequest | null {
  if (!draft?.published) return null;
  const data = parseJson(text("example"));
  const defaultFormat = draft.published.engine === "satori" ? "png" : "pdf";
  return {
    template: `${draft.name}@${draft.published.version}`,
    data: data.ok ? data.value : {},
    ...(format !== defaultFormat ? { format } : {}),
  };
}
