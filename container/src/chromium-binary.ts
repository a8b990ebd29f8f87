// The one Chromium Folio renders with, wherever it runs: the build shipped inside the @sparticuz/chromium npm
// package (the browser and the shared libraries it needs, brotli-compressed in its tarball), so `npm install` on
// a machine with only Node brings it, and a laptop, CI and the container image all print with the same build.
// CHROMIUM_PATH points Folio at another Chromium instead; the font set (font-set.ts) is the same either way.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { fontConfigFile } from "./font-set.ts";

export interface ChromiumBinary {
  executablePath: string;
  /** Where it came from: "npm" (the shipped build) or "CHROMIUM_PATH". */
  source: "npm" | "CHROMIUM_PATH";
  /** The environment Chromium must start with: its libraries, and Folio's fontconfig file. */
  env: Record<string, string>;
}

const require = createRequire(import.meta.url);
const PACKAGE = "@sparticuz/chromium";

/** The shipped build is for x86-64 Linux only; elsewhere CHROMIUM_PATH names a Chromium. */
const SHIPPED_FOR = "linux-x64";

/**
 * The flags every Chromium Folio starts carries, the render backend's and the bench's floor alike, so a floor is
 * measured on the same browser: no sandbox inside the container, no GPU, no background traffic, unhinted glyphs.
 */
export const CHROMIUM_BASE_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--font-render-hinting=none",
];

/**
 * Names the browser Folio will start: `env.CHROMIUM_PATH`, else the shipped build, unpacked on first use (about 2 s,
 * once per install).
 */
export function chromiumBinary(env: NodeJS.ProcessEnv): ChromiumBinary {
  const fonts = { FONTCONFIG_FILE: fontConfigFile() };
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH))
      throw new Error(
        `CHROMIUM_PATH names ${env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or unset it ` +
          `to use the one npm install brings.`,
      );
    return { executablePath: env.CHROMIUM_PATH, source: "CHROMIUM_PATH", env: fonts };
  }
  const platform = `${process.platform}-${process.arch}`;
  if (platform !== SHIPPED_FOR) {
    throw new Error(
      `The Chromium that npm install brings runs on x86-64 Linux, and this machine is ${platform}: set ` +
        `CHROMIUM_PATH to a Chromium or Chrome (for example /Applications/Google ` +
        `Chrome.app/Contents/MacOS/Google Chrome).`,
    );
  }
  const dir = unpacked();
  return {
    executablePath: join(dir, "chromium"),
    source: "npm",
    env: { ...fonts, LD_LIBRARY_PATH: [join(dir, "lib"), dir, env.LD_LIBRARY_PATH].filter(Boolean).join(":") },
  };
}

/** The unpacked build's directory, in node_modules/.cache, made once per package version. */
function unpacked(): string {
  const packageDir = packageRoot(require.resolve(PACKAGE));
  const version = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version as string;
  const dir = join(packageDir, "..", "..", ".cache", `folio-chromium-${version}`);
  if (existsSync(join(dir, "chromium"))) return dir;
  // Unpacked beside its final place and renamed into it, so two processes starting at once never see half a browser.
  const scratch = `${dir}.${process.pid}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const bin = join(packageDir, "bin");
  writeFileSync(join(scratch, "chromium"), brotliDecompressSync(readFileSync(join(bin, "chromium.br"))));
  chmodSync(join(scratch, "chromium"), 0o755);
  // al2023: NSS, NSPR and expat, which a bare Linux lacks; swiftshader: the software GL the compositor loads.
  for (const archive of ["al2023.tar.br", "swiftshader.tar.br"])
    untar(brotliDecompressSync(readFileSync(join(bin, archive))), scratch);
  try {
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(join(dir, "chromium"))) throw error;
  }
  return dir;
}

/** The package's own folder, above its entry point (its exports keep package.json from being resolved by name). */
function packageRoot(entry: string): string {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    if (
      existsSync(join(dir, "package.json")) &&
      JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name === PACKAGE
    )
      return dir;
  }
  throw new Error(`${PACKAGE} is installed without its package.json: run npm install`);
}

/** Writes a tar archive's regular files under `into` (the shipped archives hold nothing else). */
function untar(archive: Buffer, into: string): void {
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString("latin1")
        .replace(/\0.*$/s, "");
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join("/");
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    const mode = Number.parseInt(field(100, 8).trim() || "644", 8);
    const type = field(156, 1);
    if (name.split("/").includes("..")) throw new Error(`refusing the archive entry ${name}`);
    if (type === "0" || type === "") {
      const path = join(into, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, archive.subarray(at + 512, at + 512 + size), { mode });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
