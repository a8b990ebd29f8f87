import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, inflateSync } from "node:zlib";
import { inject } from "vitest";
import { until } from "../poll";
import { pageTexts } from "./pdf-text";
import { pdfFile, pdfInfo } from "./pdf-tools";

export const FIXTURES = join(import.meta.dirname, "../../fixtures");
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
  // The internal routes the tests call create an account or a trial, and answer with its key.
  return { status: res.status, json: (await res.json()) as { api_key: string } };
}

export async function newKey(): Promise<string> {
  return (await internal("POST", "/v1/internal/accounts", { name: "e2e" })).json.api_key;
}

let counter = 0;
/** A template with a name unique to this run, so tests never collide. */
/**
 * A client address of its own (TEST-NET-2, RFC 5737) for a test that starts a trial: trials are 5 an hour per
 * address (docs/limits.md), and the loopback's five are left to the tests of that limit and of /docs' examples.
 */
export const anotherAddress = () => ({ "cf-connecting-ip": `198.51.100.${1 + Math.floor(Math.random() * 254)}` });

export async function createTemplate(body: Record<string, unknown>, key?: string) {
  const name = `${String(body.name ?? "t")}-${process.pid}-${++counter}`;
  const res = await api("POST", "/v1/templates", { ...body, name }, key);
  if (res.status !== 201) throw new Error(`template create failed: ${JSON.stringify(res.json)}`);
  return name;
}

/** POST /v1/previews with `key`: the status, the headers and the file's bytes. */
export async function preview(key: string, body: Record<string, unknown>) {
  const res = await fetch(`${inject("baseUrl")}/v1/previews`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function download(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export async function waitForRender(id: string, key?: string, timeoutMs = 60_000) {
  const res = await until(
    () => api("GET", `/v1/renders/${id}`, undefined, key),
    (r) => r.json.status !== "queued",
    timeoutMs,
    250,
  );
  return res.json;
}

/**
 * Page facts, document information and text, the way a person would check a PDF in a reader: `info` as pdfInfo
 * gives it, `text` every page in reading layout, pages parted by form feeds.
 */
export async function inspectPdf(bytes: Buffer) {
  const file = pdfFile(bytes);
  const info = await pdfInfo(file);
  const text = (await pageTexts(file)).join("\f");
  return { info, text, pages: info.pages, width: info.width, height: info.height, file };
}

/** Width and height from a PNG's IHDR or a JPEG's SOF marker. */
export function imageSize(bytes: Buffer): { type: "png" | "jpg"; width: number; height: number } {
  if (bytes.subarray(1, 4).toString() === "PNG")
    return { type: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at < bytes.length) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xc3)
        return { type: "jpg", height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      at += 2 + length;
    }
  }
  throw new Error("not a PNG or JPEG");
}

/** Decodes an 8-bit RGBA or RGB PNG to straight RGBA pixels (opaque for RGB), checking every chunk's CRC on the way. */
export function decodePng(bytes: Buffer): {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number, number];
} {
  if (bytes.subarray(0, 8).toString("hex") !== "89504e470d0a1a0a") throw new Error("not a PNG signature");
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString("latin1");
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      throw new Error(`bad CRC in ${type}`);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || (data[9] !== 6 && data[9] !== 2))
        throw new Error(`expected 8-bit RGBA or RGB, got depth ${data[8]} colour type ${data[9]}`);
      channels = data[9] === 6 ? 4 : 3;
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predictor) & 255;
    }
  }
  const at = (x: number, y: number) => (y * width + x) * channels;
  return {
    width,
    height,
    pixel: (x, y) =>
      [...pixels.subarray(at(x, y), at(x, y) + 3), channels === 4 ? pixels[at(x, y) + 3]! : 255] as [
        number,
        number,
        number,
        number,
      ],
  };
}
