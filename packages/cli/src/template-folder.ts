import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RenderOptions, TEMPLATE_NAME_PATTERN } from "@folio/sdk";
import { UsageError } from "./output.js";
import type { Starter } from "./starters.js";

/** Which template a folder belongs to and the version its files came from (written by pull and push). */
export interface FolderOrigin {
  id: string;
  version: number;
}

/** folio.json: what a template is besides its definition. */
export interface FolderMeta {
  name: string;
  engine: "chromium" | "satori";
  expected_pages: number;
  description: string;
  /** None in a folder `folio init` made until its first push: such a folder never publishes onto a template. */
  origin?: FolderOrigin;
}

/** A template as files: the definition the service checksums, the example data and folio.json. */
export interface TemplateFolder {
  dir: string;
  meta: FolderMeta;
  source: string;
  schema: Record<string, unknown>;
  options: RenderOptions;
  /** example.json, when the folder has one. */
  example: unknown;
}

/** The files a template folder is made of; `folio preview --watch` re-renders when one of them changes. */
export const FOLDER_FILES = ["template.html", "schema.json", "example.json", "options.json", "folio.json"] as const;

const STARTER_SOURCE = `<!doctype html>
<html>
  <head>
    <style>
      @page { size: A4; margin: 20mm; }
      body { font-family: sans-serif; }
    </style>
  </head>
  <body>
    <h1>Hello {{ name }}</h1>
  </body>
</html>
`;

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function checkName(name: string): void {
  if (!TEMPLATE_NAME_PATTERN.test(name))
    throw new UsageError(
      `"${name}" is not a template name: lowercase letters, digits, ".", "_" and "-", starting with a letter ` +
        `or digit, at most 63`,
    );
}

/** What `folio preview` writes into the folder by default (preview.pdf, .png, .jpg): never part of the template. */
const IGNORED = "# Written by folio preview: not part of the template.\npreview.pdf\npreview.png\npreview.jpg\n";

/**
 * Writes a new folder's files, and a .gitignore for the previews written into it; refuses a folder that already has
 * files, so nothing local is overwritten.
 */
export function writeNewFolder(dir: string, files: Partial<Record<(typeof FOLDER_FILES)[number], string>>): string[] {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new UsageError(`${dir} already exists and is not empty`);
  mkdirSync(dir, { recursive: true });
  const written = { ...files, ".gitignore": IGNORED };
  for (const [file, text] of Object.entries(written)) writeFileSync(join(dir, file), text);
  return Object.keys(written);
}

/** The folder `folio init` makes when no starter is named: one page greeting `name`. */
const HELLO: Omit<Starter, "id"> = {
  expected_pages: 1,
  files: {
    "template.html": STARTER_SOURCE,
    "schema.json": json({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string", description: "Who to greet." } },
    }),
    "example.json": json({ name: "Ada" }),
    "options.json": json({}),
  },
};

/** Makes `<dir>` holding template `name` from `starter` (the hello page by default). */
export function scaffold(dir: string, name: string, starter: Omit<Starter, "id"> = HELLO): string[] {
  checkName(name);
  const meta: FolderMeta = { name, engine: "chromium", expected_pages: starter.expected_pages, description: "" };
  return writeNewFolder(dir, { ...starter.files, "folio.json": json(meta) });
}

/** Records in folio.json the template and version the folder now matches, keeping the rest of the file. */
export function recordOrigin(dir: string, origin: FolderOrigin): void {
  const meta = readJson(dir, "folio.json", {}) as Record<string, unknown>;
  writeFileSync(join(dir, "folio.json"), json({ ...meta, origin }));
}

function readOrigin(dir: string, value: unknown): FolderOrigin | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value) || typeof value.id !== "string" || !Number.isInteger(value.version))
    throw new UsageError(
      `${join(dir, "folio.json")}: "origin" is { "id": "tpl_…", "version": N } (folio pull writes it)`,
    );
  return { id: value.id, version: value.version as number };
}

function readJson(dir: string, file: string, fallback: unknown): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) return fallback;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a folder; schema.json and options.json default to `{}` as the service does, example.json to none. */
export function readFolder(dir: string): TemplateFolder {
  if (!existsSync(join(dir, "folio.json")))
    throw new UsageError(
      `${join(dir, "folio.json")} is missing: is ${dir} a template folder? (folio init <name> makes one)`,
    );
  if (!existsSync(join(dir, "template.html"))) throw new UsageError(`${join(dir, "template.html")} is missing`);
  const meta = readJson(dir, "folio.json", {});
  if (!isObject(meta) || typeof meta.name !== "string" || !TEMPLATE_NAME_PATTERN.test(meta.name))
    throw new UsageError(`${join(dir, "folio.json")} needs a "name" that is a template name`);
  if (meta.engine !== undefined && meta.engine !== "chromium" && meta.engine !== "satori")
    throw new UsageError(`${join(dir, "folio.json")}: "engine" is "chromium" or "satori"`);
  const schema = readJson(dir, "schema.json", {});
  const options = readJson(dir, "options.json", {});
  if (!isObject(schema)) throw new UsageError(`${join(dir, "schema.json")} must hold a JSON object`);
  if (!isObject(options)) throw new UsageError(`${join(dir, "options.json")} must hold a JSON object`);
  return {
    dir,
    meta: {
      name: meta.name,
      engine: meta.engine === "satori" ? "satori" : "chromium",
      expected_pages: typeof meta.expected_pages === "number" ? meta.expected_pages : 1,
      description: typeof meta.description === "string" ? meta.description : "",
      ...(meta.origin === undefined ? {} : { origin: readOrigin(dir, meta.origin) }),
    },
    source: readFileSync(join(dir, "template.html"), "utf8"),
    schema,
    options: options as RenderOptions,
    example: readJson(dir, "example.json", undefined),
  };
}
