import { templateChecksum } from "@folio/sdk";
import type { TemplateFolder } from "./template-folder.js";

/**
 * The checksum the service would give this folder's definition (the SDK computes it with the service's own
 * source). Equal checksums render the same, so `folio push` publishes only when this differs from the latest
 * version's.
 */
export function folderChecksum(folder: TemplateFolder): Promise<string> {
  return templateChecksum({
    engine: folder.meta.engine,
    options: folder.options,
    schema: folder.schema,
    source: folder.source,
  });
}
