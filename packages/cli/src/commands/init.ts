import { resolve } from "node:path";
import type { Output } from "../output.js";
import { scaffold } from "../template-folder.js";

/** `folio init <name> [dir]`: a template folder (dir defaults to the name) ready to preview and push. */
export function init(name: string, dir: string | undefined, out: Output): void {
  const folder = resolve(dir ?? name);
  const files = scaffold(folder, name);
  out.result(
    { name, dir: folder, files },
    `Created ${folder}: ${files.join(", ")}\nNext: folio preview ${dir ?? name} --watch, then folio ` +
      `push ${dir ?? name}`,
  );
}
