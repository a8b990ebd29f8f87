// The shipped artefacts are read from the package's own artefacts/ folder, once each, and kept: a validation
// never touches the disk after its rules are loaded, and nothing is ever fetched from a network.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ARTEFACTS = join(import.meta.dirname, "../artefacts");

export function readArtefact(path: string): Uint8Array {
  return readFileSync(join(ARTEFACTS, path));
}

/** The XSDs in one folder of artefacts/, by their paths relative to it. */
export function schemaFilesIn(folder: string): string[] {
  return readdirSync(join(ARTEFACTS, folder))
    .filter((name) => name.endsWith(".xsd"))
    .map((name) => `${folder}/${name}`);
}

export function hasArtefact(path: string): boolean {
  return existsSync(join(ARTEFACTS, path));
}
