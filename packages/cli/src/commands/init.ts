import { resolve } from "node:path";
import { FolioError, unwrap } from "@folio/sdk";
import { configuredClient } from "../config.js";
import { type Output, Refused } from "../output.js";
import { findStarter } from "../starters.js";
import { checkName, scaffold } from "../template-folder.js";

/** With a key configured, a name the account already holds is refused: its first push could never publish. */
async function refuseExistingName(name: string): Promise<void> {
  const folio = configuredClient();
  if (folio === null) return;
  try {
    const existing = await unwrap(folio.api.GET("/v1/templates/{ref}", { params: { path: { ref: name } } }));
    throw new Refused(
      `${name} already exists (${existing.id}, latest ${existing.ref}): folio pull ${name} to work on it, or ` +
        `choose another name`,
      { template: name, id: existing.id, latest_version: existing.latest_version },
    );
  } catch (error) {
    if (!(error instanceof FolioError && error.type === "not_found")) throw error;
  }
}

/**
 * `folio init <name> [dir] [--from <starter>]`: a template folder (dir defaults to the name) ready to preview and
 * push, holding the hello page or a document of the studio's gallery.
 */
export async function init(name: string, dir: string | undefined, from: string | undefined, out: Output) {
  checkName(name);
  await refuseExistingName(name);
  const starter = from === undefined ? undefined : await findStarter(from);
  const folder = resolve(dir ?? name);
  const files = scaffold(folder, name, starter);
  out.result(
    { name, dir: folder, files, ...(from === undefined ? {} : { from }) },
    `Created ${folder}${from === undefined ? "" : ` from the ${from} starter`}: ${files.join(", ")}\nNext: folio ` +
      `preview ${dir ?? name} --watch, then folio push ${dir ?? name}`,
  );
}
