import { type Folio, FolioError, type Template, type TemplateWarning, unwrap } from "@folio/sdk";
import { folderChecksum } from "../checksum.js";
import { client } from "../config.js";
import { describeDiff, diffSummary } from "../diff-summary.js";
import type { Output } from "../output.js";
import { readFolder, type TemplateFolder } from "../template-folder.js";

async function latestVersion(folio: Folio, name: string): Promise<Template | null> {
  try {
    return await unwrap(folio.api.GET("/v1/templates/{ref}", { params: { path: { ref: name } } }));
  } catch (error) {
    if (error instanceof FolioError && error.type === "not_found") return null;
    throw error;
  }
}

/** The fields of a version that the folder holds; `example` only when example.json exists (else inherited). */
function versionBody(folder: TemplateFolder, message: string | undefined) {
  return {
    source: folder.source,
    engine: folder.meta.engine,
    schema: folder.schema,
    options: folder.options,
    expected_pages: folder.meta.expected_pages,
    ...(folder.example === undefined ? {} : { example: folder.example }),
    ...(folder.meta.description ? { description: folder.meta.description } : {}),
    ...(message ? { message } : {}),
  };
}

/** The service's warnings, and a mismatch of checksums, which would make every later push publish again. */
function noteAfterSaving(out: Output, saved: { warnings: TemplateWarning[]; checksum: string }, local: string): void {
  for (const warning of saved.warnings) out.note(`warning: ${warning.path}: ${warning.message}`);
  if (saved.checksum !== local)
    out.note(`warning: the service's checksum ${saved.checksum} differs from the local ${local}`);
}

/**
 * `folio push [dir]`: creates the template, or publishes a version only when the definition's checksum
 * (computed here exactly as the service does) differs from the latest version's. An unchanged definition
 * publishes nothing, so running push from CI on every commit adds versions only for real changes.
 */
export async function push(dir: string, message: string | undefined, out: Output): Promise<void> {
  const folder = readFolder(dir);
  const folio = client();
  const name = folder.meta.name;
  const checksum = await folderChecksum(folder);
  const latest = await latestVersion(folio, name);
  if (latest === null) {
    const created = await unwrap(folio.api.POST("/v1/templates", { body: { name, ...versionBody(folder, message) } }));
    noteAfterSaving(out, created, checksum);
    return out.result(
      { action: "created", ref: created.ref, checksum: created.checksum, warnings: created.warnings },
      `created ${created.ref}`,
    );
  }
  if (latest.checksum === checksum) {
    return out.result(
      { action: "unchanged", ref: latest.ref, checksum },
      `unchanged: ${latest.ref} has this definition (checksum ${checksum.slice(0, 12)}); nothing published`,
    );
  }
  const diff = diffSummary(folder, latest);
  const published = await unwrap(
    folio.api.POST("/v1/templates/{name}/versions", { params: { path: { name } }, body: versionBody(folder, message) }),
  );
  noteAfterSaving(out, published, checksum);
  out.result(
    {
      action: "published",
      ref: published.ref,
      previous: latest.ref,
      checksum: published.checksum,
      changes: diff,
      warnings: published.warnings,
    },
    `${describeDiff(diff)}\npublished ${published.ref} (was ${latest.ref})`,
  );
}
