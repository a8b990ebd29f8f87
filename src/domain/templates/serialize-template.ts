import type { TemplateRow, TemplateVersionRow } from "../../db/schema";
import { formatReference } from "./reference";

export function parseExample(version: TemplateVersionRow): unknown {
  return version.example === null ? null : JSON.parse(version.example);
}

export function serializeTemplate(template: TemplateRow, version: TemplateVersionRow) {
  return {
    object: "template" as const,
    id: template.id,
    name: template.name,
    description: template.description,
    latest_version: template.latestVersion,
    version: version.version,
    ref: formatReference(template.name, version.version),
    engine: version.engine,
    schema: version.schema,
    options: version.options,
    expected_pages: version.expectedPages,
    example: parseExample(version),
    source: version.source,
    checksum: version.checksum,
    message: version.message,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
    version_created_at: version.createdAt,
  };
}

export function serializeVersion(template: TemplateRow, version: TemplateVersionRow) {
  return {
    object: "template_version" as const,
    id: version.id,
    template: template.name,
    ref: formatReference(template.name, version.version),
    version: version.version,
    engine: version.engine,
    checksum: version.checksum,
    message: version.message,
    created_at: version.createdAt,
  };
}
