import type { Template } from "@folio/sdk";

/** A published template as the service answers it, with the fields a test names. */
export function template(fields: Partial<Template> = {}): Template {
  return {
    object: "template",
    id: "tpl_1",
    name: "invoice",
    description: "",
    latest_version: 2,
    version: 2,
    ref: "invoice@2",
    engine: "chromium",
    schema: { type: "object" },
    options: {},
    expected_pages: 1,
    example: { n: 1 },
    source: "<p>{{ n }}</p>",
    checksum: "",
    message: null,
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-02T00:00:00.000Z",
    version_created_at: "2026-11-02T00:00:00.000Z",
    ...fields,
  } as Template;
}
