import { watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Folio, OutputFormat } from "@folio/sdk";
import { client } from "../config.js";
import { formatFor } from "../json-file.js";
import { type Output, reportError } from "../output.js";
import { FOLDER_FILES, readFolder } from "../template-folder.js";

export interface PreviewFlags {
  output?: string;
  format?: string;
  watch?: boolean;
}

/** Waits this long after a change before rendering, so an editor's save (often several writes) renders once. */
const SETTLE_MS = 150;

/** One preview of the folder's unsaved definition with its example data, written to `file`. */
async function previewOnce(
  folio: Folio,
  dir: string,
  file: string,
  format: OutputFormat | undefined,
  out: Output,
): Promise<void> {
  const folder = readFolder(dir);
  const body = {
    source: folder.source,
    engine: folder.meta.engine,
    schema: folder.schema,
    options: folder.options,
    ...(folder.example === undefined ? {} : { data: folder.example }),
    ...(format ? { format } : {}),
  };
  const { bytes, pageCount, warnings } = await folio.preview(body);
  writeFileSync(file, bytes);
  for (const warning of warnings) out.note(`warning: ${warning.path}: ${warning.message}`);
  out.result(
    { file, bytes: bytes.byteLength, page_count: pageCount, warnings },
    `wrote ${file} (${pageCount} page(s), ${bytes.byteLength} bytes)`,
  );
}

/**
 * `folio preview [dir] [-o file] [--watch]`: renders the folder as it is on disk through POST /v1/previews
 * (watermarked, never stored or billed) and writes the file. With --watch it renders again whenever one of
 * the folder's own files changes, reporting errors without stopping, until interrupted.
 */
export async function preview(dir: string, flags: PreviewFlags, out: Output): Promise<void> {
  const format = formatFor(flags.format, flags.output);
  const file =
    flags.output ?? join(dir, `preview.${format ?? (readFolder(dir).meta.engine === "satori" ? "png" : "pdf")}`);
  const folio = client();
  if (!flags.watch) return previewOnce(folio, dir, file, format, out);

  let timer: NodeJS.Timeout | undefined;
  const renderSafely = () =>
    previewOnce(folio, dir, file, format, out).catch((error: unknown) => void reportError(error, out.json));
  // Watching starts before the first render, so a change made while it runs is not missed; renders run one at a time.
  let running = Promise.resolve();
  const watcher = watch(dir, (_event, name) => {
    if (!name || !(FOLDER_FILES as readonly string[]).includes(name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(renderSafely);
    }, SETTLE_MS);
  });
  out.note(`watching ${dir} (Ctrl+C to stop)`);
  running = running.then(renderSafely);
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, resolve);
  });
  watcher.close();
  clearTimeout(timer);
}
