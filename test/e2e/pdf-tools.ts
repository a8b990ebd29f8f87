// Reading finished PDFs the way their readers' tools do: qpdf for structure, poppler for text, fonts,
// metadata and attachments. Each takes a file path (inspectPdf in client.ts writes one).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Json = any;

/** Writes `bytes` to a file of its own (for a PDF poppler cannot open without a password, unlike inspectPdf's). */
export function pdfFile(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "folio-pdf-")), "doc.pdf");
  writeFileSync(file, bytes);
  return file;
}

/** qpdf's JSON (version 2) of every object, with a resolver for indirect references. */
export function pdfObjects(file: string, password?: string) {
  const args = ["--json=2", "--json-key=qpdf", "--json-stream-data=none", ...(password ? [`--password=${password}`] : []), file];
  const objects = JSON.parse(execFileSync("qpdf", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })).qpdf[1] as Record<string, Json>;
  const resolve = (value: Json): Json => (typeof value === "string" && /^\d+ \d+ R$/.test(value) ? objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream?.dict : value);
  const trailer = objects.trailer!.value;
  return { trailer, catalog: resolve(trailer["/Root"]), resolve };
}

/** A stream's decoded bytes, by its reference ("12 0 R"). */
export function streamBytes(file: string, ref: string): Buffer {
  return execFileSync("qpdf", [`--show-object=${ref.split(" ")[0]}`, "--filtered-stream-data", file], { maxBuffer: 64 * 1024 * 1024 });
}

/** The outline as nested titles, from `qpdf --json`'s outlines. */
export function outlineTitles(file: string): Json[] {
  const outlines = JSON.parse(execFileSync("qpdf", ["--json=2", "--json-key=outlines", file], { encoding: "utf8" })).outlines as Json[];
  const titles = (items: Json[]): Json[] => items.map((item) => (item.kids.length ? { title: item.title, kids: titles(item.kids) } : item.title));
  return titles(outlines);
}

/** The text of each page, in reading layout (`pdftotext -layout`), or in content-stream order with `raw`. */
export function pageTexts(file: string, options: { raw?: boolean; password?: string } = {}): string[] {
  const args = [options.raw ? "-raw" : "-layout", ...(options.password ? ["-upw", options.password] : []), file, "-"];
  return execFileSync("pdftotext", args, { encoding: "utf8" }).split("\f").slice(0, -1);
}

/** A poppler tool's outcome without throwing: what a reader without the right password sees. */
export function tryTool(tool: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(tool, args, { encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The XMP metadata packet (`pdfinfo -meta`). */
export function xmp(file: string): string {
  return execFileSync("pdfinfo", ["-meta", file], { encoding: "utf8" });
}

/** Each font's name and whether it is embedded (`pdffonts`). */
export function fonts(file: string): Array<{ name: string; embedded: boolean }> {
  const lines = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
  return lines.map((line) => ({ name: line.split(/\s+/)[0]!, embedded: / (yes|no) +(yes|no) +(yes|no) +\d+ +\d+$/.exec(line)?.[1] === "yes" }));
}

/** Embedded files: the names `pdfdetach -list` shows, and each one's bytes. */
export function attachments(file: string): Map<string, Buffer> {
  const names = execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(1).map((line) => line.replace(/^\d+: /, ""));
  const dir = mkdtempSync(join(tmpdir(), "folio-detach-"));
  execFileSync("pdfdetach", ["-saveall", "-o", dir, file]);
  return new Map(names.map((name) => [name, readFileSync(join(dir, name))]));
}
