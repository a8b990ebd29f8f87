// Running the built `folio` binary as a user's shell does, with a home of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject } from "vitest";

export const ROOT = join(import.meta.dirname, "../..");
export const BIN = join(ROOT, "packages/cli/dist/main.js");

/** The environment of a user whose home is `dir`: no FOLIO_* variables unless given. */
export function userEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("FOLIO_")));
  return { ...env, HOME: dir, XDG_CONFIG_HOME: join(dir, "config"), ...extra };
}

/** A fresh home and a fresh working folder, and `folio` run in them. */
export function cliUser() {
  const home = mkdtempSync(join(tmpdir(), "folio-cli-home-"));
  const work = mkdtempSync(join(tmpdir(), "folio-cli-work-"));
  const folio = (args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}) => {
    const run = spawnSync(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? work,
      env: options.env ?? userEnv(home),
      input: options.input ?? "",
      encoding: "utf8",
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr, json: () => JSON.parse(run.stdout) };
  };
  return { home, work, folio };
}

export const unique = (name: string) => `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

/** Builds the binary as `npm test` does (pretest), so a direct vitest run never tests a stale one, and logs in. */
export function signedInWithBuiltBinary(folio: ReturnType<typeof cliUser>["folio"]) {
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", join(ROOT, "packages/cli")], {
    stdio: "inherit",
  });
  expect(folio(["login", "--key", inject("apiKey"), "--base-url", inject("baseUrl")]).code).toBe(0);
}
