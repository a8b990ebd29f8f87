import { existsSync, readFileSync } from "node:fs";
import type { OutputFormat } from "@folio/sdk";
import { UsageError } from "./output.js";

/** A JSON file named on the command line; a missing or broken one is the caller's mistake (exit 2). */
export function readJsonFile(path: string, what: string): unknown {
  if (!existsSync(path)) throw new UsageError(`${what} file ${path} does not exist`);
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`${what} file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

const FORMATS = {
  ".pdf": "pdf",
  ".png": "png",
  ".jpg": "jpg",
  ".jpeg": "jpg",
  ".xml": "xml",
} as const satisfies Record<string, OutputFormat>;

/** --format when given, else the output file's extension, else none (the template's default format). */
export function formatFor(flag: string | undefined, outputFile: string | undefined): OutputFormat | undefined {
  if (flag !== undefined) {
    if (!Object.values(FORMATS).includes(flag as OutputFormat))
      throw new UsageError(`--format is pdf, png, jpg or xml, not ${flag}`);
    return flag as OutputFormat;
  }
  const extension = outputFile?.toLowerCase().match(/\.[a-z]+$/)?.[0];
  return extension && extension in FORMATS ? FORMATS[extension as keyof typeof FORMATS] : undefined;
}
