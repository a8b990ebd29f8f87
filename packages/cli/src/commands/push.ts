import { type Folio, FolioError, type Template, type TemplateWarning, unwrap } from "@folio/sdk";
import { folderChecksum } from "../checksum.js";
import { client } from "../config.js";
import { changedLines, describeDiff, diffSummary } from "../diff-summary.js";
import { type Output, Refused } from "../output.js";
import { readFolder, recordOrigin, type TemplateFolder } from "../template-folder.js";

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
 * The template this folder may publish onto: the one its folio.json names by id, and only while no version has
 * been published since the folder's (unless `force`). A folder with no origin never publishes onto an existing
 * template; one whose template was deleted does not silently start a new one.
 */
function checkOrigin(folder: TemplateFolder, latest: Template | null, force: boolean): void {
  const { name, origin } = folder.meta;
  const where = `${folder.dir}/folio.json`;
  if (latest === null) {
    if (origin)
      throw new Refused(
        `${name} (${origin.id}) no longer exists on this account: remove "origin" from ${where} to create it anew`,
        { template: name, origin },
      );
    return;
  }
  const facts = { template: name, id: latest.id, latest_version: latest.version, origin: origin ?? null };
  if (!origin)
    throw new Refused(
      `${name} already exists (${latest.id}, latest ${latest.ref}) and ${where} names no origin, so this folder ` +
        `would overwrite it: folio pull ${name} <dir> to work on it, or change "name" in ${where}`,
      facts,
    );
  if (origin.id !== latest.id)
    throw new Refused(
      `${name} is ${latest.id}, but this folder belongs to ${origin.id}: it publishes only onto its own template`,
      facts,
    );
  if (latest.version !== origin.version && !force) {
    const diff = diffSummary(folder, latest);
    throw new Refused(
      `${name} has moved: this folder came from ${name}@${origin.version}, the latest is ${latest.ref}` +
        `${latest.message ? ` ("${latest.message}")` : ""}. Against ${latest.ref} this folder has: ` +
        `${describeDiff(diff)}.\n${changedLines(diff)}folio pull ${latest.ref} <another dir> to compare and merge, ` +
        "or push --force to publish this folder over it",
      { ...facts, changes: diff },
    );
  }
}

/**
 * `folio push [dir]`: creates the template, or publishes a version onto the folder's own template only when the
 * definition's checksum (computed here exactly as the service does) differs from the latest version's. An
 * unchanged definition publishes nothing, so running push from CI on every commit adds versions only for real
 * changes. The publish carries `If-Match` with the checksum the check saw, so a version published in between is
 * refused by the service too.
 */
export async function push(dir: string, flags: { message?: string; force?: boolean }, out: Output): Promise<void> {
  const folder = readFolder(dir);
  const folio = client();
  const name = folder.meta.name;
  const checksum = await folderChecksum(folder);
  const latest = await latestVersion(folio, name);
  checkOrigin(folder, latest, flags.force === true);
  if (latest === null) {
    const created = await unwrap(
      folio.api.POST("/v1/templates", { body: { name, ...versionBody(folder, flags.message) } }),
    );
    recordOrigin(dir, { id: created.id, version: created.version });
    noteAfterSaving(out, created, checksum);
    return out.result(
      { action: "created", ref: created.ref, checksum: created.checksum, warnings: created.warnings },
      `created ${created.ref}`,
    );
  }
  if (latest.checksum === checksum) {
    recordOrigin(dir, { id: latest.id, version: latest.version });
    return out.result(
      { action: "unchanged", ref: latest.ref, checksum },
      `unchanged: ${latest.ref} has this definition (checksum ${checksum.slice(0, 12)}); nothing published`,
    );
  }
  const diff = diffSummary(folder, latest);
  const published = await unwrap(
    folio.api.POST("/v1/templates/{name}/versions", {
      params: { path: { name }, header: { "If-Match": latest.checksum } },
      body: versionBody(folder, flags.message),
    }),
  );
  recordOrigin(dir, { id: published.id, version: published.version });
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
