import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { until } from "../poll";

export const FIXTURES = join(import.meta.dirname, "../../../shared/fixtures");
export const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
export const fixtureJson = (name: string) => JSON.parse(fixture(name));

export async function api(method: string, path: string, body?: unknown, key = inject("apiKey")) {
  const res = await fetch(`${inject("baseUrl")}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

export async function internal(method: string, path: string, body?: unknown) {
  const res = await fetch(`${inject("baseUrl")}${path}`, {
    method,
    headers: { "x-internal-secret": inject("internalSecret"), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

export async function newKey(): Promise<string> {
  return ((await internal("POST", "/v1/internal/accounts", { name: "e2e" })).json as { api_key: string }).api_key;
}

let counter = 0;
/** A template with a name unique to this run, so tests never collide. */
export async function createTemplate(body: Record<string, unknown>, key?: string) {
  const name = `${String(body.name ?? "t")}-${process.pid}-${++counter}`;
  const res = await api("POST", "/v1/templates", { ...body, name }, key);
  if (res.status !== 201) throw new Error(`template create failed: ${JSON.stringify(res.json)}`);
  return name;
}

export async function download(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export async function waitForRender(id: string, key?: string, timeoutMs = 60_000) {
  const res = await until(() => api("GET", `/v1/renders/${id}`, undefined, key), (r) => r.json.status !== "queued", timeoutMs, 250);
  return res.json;
}

/** Text and page facts from poppler, the way a person would check a PDF. */
export function inspectPdf(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "folio-pdf-"));
  const file = join(dir, "doc.pdf");
  writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
  return { info, text, pages, width: Number(width), height: Number(height), file };
}

/** Width and height from a PNG's IHDR or a JPEG's SOF marker. */
export function imageSize(bytes: Buffer): { type: "png" | "jpg"; width: number; height: number } {
  if (bytes.subarray(1, 4).toString() === "PNG") return { type: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at < bytes.length) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xc3) return { type: "jpg", height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      at += 2 + length;
    }
  }
  throw new Error("not a PNG or JPEG");
}
