import { writeFileSync } from "node:fs";
import type { Render, RenderOptions } from "@folio/sdk";
import { client } from "../config.js";
import { formatFor, readJsonFile } from "../json-file.js";
import type { Output } from "../output.js";

export interface RenderFlags {
  data?: string;
  options?: string;
  output?: string;
  format?: string;
  async?: boolean;
}

async function download(url: string, file: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`downloading ${url} answered ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.byteLength;
}

/**
 * `folio render <ref> --data file.json -o out.pdf`: renders, waits when the render is queued (progress on
 * stderr), and writes the file; without -o it answers the render and its signed URL.
 */
export async function render(ref: string, flags: RenderFlags, out: Output): Promise<void> {
  const format = formatFor(flags.format, flags.output);
  const request = {
    template: ref,
    ...(flags.data ? { data: readJsonFile(flags.data, "--data") } : {}),
    ...(flags.options ? { options: readJsonFile(flags.options, "--options") as RenderOptions } : {}),
    ...(format ? { format } : {}),
    ...(flags.async ? { async: true } : {}),
  };
  const started = Date.now();
  let announced = false;
  const onProgress = (render: Render) => {
    if (render.status !== "queued" || announced) return;
    announced = true;
    out.note(`${render.id} queued; waiting for it`);
  };
  const done = await client().render(request, { onProgress });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  out.note(
    `${done.id} ${done.status}${done.cached ? " (cached)" : ""}: ${done.page_count ?? "?"} page(s) in ${seconds} s`,
  );
  if (!flags.output) return out.result(done, done.url ?? "");
  // render() answers a succeeded render (it throws for a failed one), and a succeeded render has its URL.
  if (!done.url) throw new Error(`${done.id} is ${done.status} and has no file to download`);
  const bytes = await download(done.url, flags.output);
  out.result({ ...done, file: flags.output, bytes }, `wrote ${flags.output} (${bytes} bytes)`);
}
