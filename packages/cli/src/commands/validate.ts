import { unwrap } from "@folio/sdk";
import { client } from "../config.js";
import { EXIT, type Output, UsageError } from "../output.js";
import { readFolder } from "../template-folder.js";

/**
 * `folio validate [dir]`: checks the folder's example.json against the pushed template's schema
 * (POST /v1/templates/{name}/validate, free) and prints the field errors and the template's warnings.
 * Exits 1 when the data is invalid, so CI can stop on it; warnings alone do not fail.
 */
export async function validate(dir: string, out: Output): Promise<number> {
  const folder = readFolder(dir);
  if (folder.example === undefined) throw new UsageError(`${dir} has no example.json to validate`);
  const body = { data: folder.example };
  const result = await unwrap(
    client().api.POST("/v1/templates/{ref}/validate", { params: { path: { ref: folder.meta.name } }, body }),
  );
  const lines = [
    result.valid ? `example.json is valid for ${result.template}` : `example.json is not valid for ${result.template}:`,
    ...result.errors.map((e) => `  ${e.path}: ${e.message}`),
    ...result.warnings.map((w) => `warning: ${w.path}: ${w.message}`),
  ];
  out.result(result, lines.join("\n"));
  return result.valid ? EXIT.ok : EXIT.api;
}
