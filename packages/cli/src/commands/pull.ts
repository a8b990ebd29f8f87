import { resolve } from "node:path";
import { TEMPLATE_NAME_PATTERN, unwrap } from "@folio/sdk";
import { client } from "../config.js";
import { type Output, UsageError } from "../output.js";
import { type FolderMeta, json, writeNewFolder } from "../template-folder.js";

/**
 * `folio pull <name[@version]> [dir]`: the template as a folder (dir defaults to the name), its definition
 * byte for byte, with folio.json recording the template's id and the version the files came from, so a later
 * `folio push` publishes onto that template only, and only while nobody has published since.
 */
/**
 * The folder given, or one named after the template in the current folder: only when the name the service answers is
 * a template name, so a broken or hostile service can never point the files at "../x" or an absolute path.
 */
function folderFor(dir: string | undefined, name: string): string {
  if (dir !== undefined) return resolve(dir);
  if (!TEMPLATE_NAME_PATTERN.test(name))
    throw new UsageError(
      `the service named the template ${JSON.stringify(name)}, which is not a template name; nothing was written: ` +
        "give the folder to write, folio pull <name> <dir>",
    );
  return resolve(name);
}

export async function pull(ref: string, dir: string | undefined, out: Output): Promise<void> {
  const template = await unwrap(client().api.GET("/v1/templates/{ref}", { params: { path: { ref } } }));
  const folder = folderFor(dir, template.name);
  const meta: FolderMeta = {
    name: template.name,
    engine: template.engine,
    expected_pages: template.expected_pages,
    description: template.description,
    origin: { id: template.id, version: template.version },
  };
  const hasExample = template.example !== null && template.example !== undefined;
  const files = writeNewFolder(folder, {
    "template.html": template.source,
    "schema.json": json(template.schema),
    ...(hasExample ? { "example.json": json(template.example) } : {}),
    "options.json": json(template.options),
    "folio.json": json(meta),
  });
  out.result(
    { ref: template.ref, id: template.id, dir: folder, files, checksum: template.checksum },
    `pulled ${template.ref} into ${folder}: ${files.join(", ")}\nNext: edit, folio preview ${dir ?? template.name}, ` +
      `then folio push ${dir ?? template.name}`,
  );
}
