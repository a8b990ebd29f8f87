import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { until } from "../poll";
import { api, inspectPdf } from "./client";
import { pageTexts } from "./pdf-text";

const ROOT = join(import.meta.dirname, "../..");
const BIN = join(ROOT, "packages/cli/dist/main.js");
const home = mkdtempSync(join(tmpdir(), "folio-cli-home-"));
const work = mkdtempSync(join(tmpdir(), "folio-cli-work-"));

/** The environment of a user whose home is `dir`: no FOLIO_* variables unless given. */
function userEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("FOLIO_")));
  return { ...env, HOME: dir, XDG_CONFIG_HOME: join(dir, "config"), ...extra };
}

/** Runs the built binary the way a shell script would. */
function folio(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? work,
    env: options.env ?? userEnv(home),
    input: options.input ?? "",
    encoding: "utf8",
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, json: () => JSON.parse(run.stdout) };
}

const unique = (name: string) => `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(() => {
  // The binary as `npm test` builds it (pretest); built here too so a direct vitest run never tests a stale one.
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-b", join(ROOT, "packages/cli")], {
    stdio: "inherit",
  });
  expect(folio(["login", "--key", inject("apiKey"), "--base-url", inject("baseUrl")]).code).toBe(0);
});

describe("folio login", () => {
  it("stores the key and base URL in the config directory, readable by the user only", () => {
    const file = join(home, "config/folio/config.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ api_key: inject("apiKey"), base_url: inject("baseUrl") });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("takes the key on standard input and falls back to ~/.config without XDG_CONFIG_HOME", () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-cli-home-"));
    const env = { ...userEnv(dir), XDG_CONFIG_HOME: "" };
    const run = folio(["login", "--base-url", inject("baseUrl"), "--json"], { env, input: `${inject("apiKey")}\n` });
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({ base_url: inject("baseUrl"), config: join(dir, ".config/folio/config.json") });
  });

  it("exits 1 when the service refuses the key and 2 when there is no key at all", () => {
    const refused = folio(["login", "--key", "folio_sk_wrong", "--base-url", inject("baseUrl"), "--json"], {
      env: userEnv(mkdtempSync(join(tmpdir(), "folio-cli-"))),
    });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr).error.type).toBe("authentication_error");
    expect(
      folio(["login", "--base-url", inject("baseUrl")], { env: userEnv(mkdtempSync(join(tmpdir(), "folio-cli-"))) })
        .code,
    ).toBe(2);
  });
});

describe("a template folder: init, preview, validate, push", () => {
  const name = unique("cli-hello");
  const dir = join(work, name);
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));

  it("init makes the five files, and refuses a folder that has files", () => {
    expect(folio(["init", name]).code).toBe(0);
    for (const file of ["template.html", "schema.json", "example.json", "options.json", "folio.json"])
      expect(existsSync(join(dir, file))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "folio.json"), "utf8"))).toEqual({
      name,
      engine: "chromium",
      expected_pages: 1,
      description: "",
    });
    expect(folio(["init", name]).code).toBe(2);
  });

  it("preview writes the unsaved folder's file, watermarked", async () => {
    const run = folio(["preview", name, "-o", join(work, "hello.pdf"), "--json"]);
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({ file: join(work, "hello.pdf"), page_count: 1, warnings: [] });
    // Content-stream order, so the rotated watermark stays one word.
    expect((await pageTexts(join(work, "hello.pdf"), { raw: true })).join("\f")).toMatch(/Hello Ada\s+PREVIEW/);
  });

  it("push creates the template with the checksum computed locally, then publishes nothing while it is unchanged", async () => {
    const created = folio(["push", name, "--json"]);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe("");
    expect(created.json()).toMatchObject({ action: "created", ref: `${name}@1` });
    expect(created.json().checksum).toBe((await api("GET", `/v1/templates/${name}`)).json.checksum);
    edit("example.json", () => JSON.stringify({ name: "Grace" }));
    const again = folio(["push", name, "--json"]);
    expect(again.json()).toEqual({ action: "unchanged", ref: `${name}@1`, checksum: created.json().checksum });
    expect((await api("GET", `/v1/templates/${name}/versions`)).json.data).toHaveLength(1);
  });

  it("push publishes a changed definition with its message, and says what changed", async () => {
    edit("template.html", (html) =>
      html.replace("<h1>Hello {{ name }}</h1>", "<h1>Hi {{ name }}</h1>\n    <p>{{ note }}</p>"),
    );
    edit("schema.json", (text) =>
      JSON.stringify({ ...JSON.parse(text), properties: { name: { type: "string" }, note: { type: "string" } } }),
    );
    const human = folio(["push", name, "-m", "friendlier"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("template.html +2 -1 lines, schema.json changed");
    expect(human.stdout).toContain(`published ${name}@2 (was ${name}@1)`);
    expect((await api("GET", `/v1/templates/${name}@2`)).json).toMatchObject({
      message: "friendlier",
      source: expect.stringContaining("Hi {{ name }}"),
    });
    expect(folio(["push", name, "--json"]).json().action).toBe("unchanged");
  });

  it("validate exits 0 for a valid example and 1 with the field errors for an invalid one; warnings are printed", () => {
    expect(folio(["validate", name]).stdout).toContain(`example.json is valid for ${name}@2`);
    edit("example.json", () => JSON.stringify({ name: 42 }));
    const invalid = folio(["validate", name, "--json"]);
    expect(invalid.code).toBe(1);
    expect(invalid.json()).toMatchObject({ valid: false, errors: [{ path: "data.name", expected: "string" }] });
    edit("example.json", () => JSON.stringify({ name: "Ada" }));
    edit("template.html", (html) => html.replace("{{ note }}", "{{ note | shiny }}"));
    expect(folio(["push", name]).stderr).toContain("shiny");
    const warned = folio(["validate", name]);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(/warning: source: .*shiny/);
  });

  it("preview --watch renders again when a file of the folder changes", async () => {
    edit("template.html", (html) => html.replace(" | shiny", ""));
    const out = join(work, "watched.pdf");
    const child = spawn(process.execPath, [BIN, "preview", name, "-o", out, "--watch", "--json"], {
      cwd: work,
      env: userEnv(home),
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const lines = () => stdout.split("\n").filter(Boolean).length;
    try {
      expect(
        await until(
          async () => lines(),
          (n) => n >= 1,
          30_000,
        ),
      ).toBe(1);
      edit("template.html", (html) => html.replace(/<h1>.*<\/h1>/, "<h1>Watched {{ name }}</h1>"));
      expect(
        await until(
          async () => lines(),
          (n) => n >= 2,
          30_000,
        ),
      ).toBeGreaterThanOrEqual(2);
      expect((await inspectPdf(readFileSync(out))).text).toContain("Watched Ada");
    } finally {
      child.kill("SIGINT");
    }
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(0);
  });
});

describe("folio render and the lists", () => {
  it("render waits for a queued render with progress on stderr and writes the file", async () => {
    const name = unique("cli-render");
    folio(["init", name]);
    folio(["push", name]);
    writeFileSync(join(work, "data.json"), JSON.stringify({ name: "Lovelace" }));
    const run = folio(["render", name, "--data", "data.json", "-o", "out.pdf", "--async", "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/rnd_\w+ queued; waiting for it/);
    expect(run.json()).toMatchObject({ status: "succeeded", file: "out.pdf", template: `${name}@1` });
    expect((await inspectPdf(readFileSync(join(work, "out.pdf")))).text).toContain("Hello Lovelace");
    expect(
      folio(["renders", "ls", "--json", "--limit", "5"])
        .json()
        .data.map((r: { id: string }) => r.id),
    ).toContain(run.json().id);
    expect(
      folio(["templates", "ls", "--json"])
        .json()
        .data.map((t: { name: string }) => t.name),
    ).toContain(name);
    expect(folio(["templates", "ls"]).stdout).toMatch(new RegExp(`${name}\\s+@1\\s+chromium`));
  });

  it("an API error exits 1 with its envelope on stderr", () => {
    const run = folio(["render", "no-such-template", "--json"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(JSON.parse(run.stderr).error).toMatchObject({ type: "not_found", status: 404 });
  });

  it("usage mistakes exit 2: unknown command or flag, missing argument, missing files, no credentials", () => {
    expect(folio(["frobnicate"]).code).toBe(2);
    expect(folio(["render", "x", "--bogus"]).code).toBe(2);
    expect(folio(["render"]).code).toBe(2);
    expect(folio(["render", "x", "--data", "missing.json"]).code).toBe(2);
    expect(folio(["push", "not-a-folder"]).code).toBe(2);
    const none = folio(["templates", "ls", "--json"], { env: userEnv(mkdtempSync(join(tmpdir(), "folio-cli-"))) });
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr).error.type).toBe("usage_error");
    expect(
      folio(["templates", "ls"], {
        env: userEnv(mkdtempSync(join(tmpdir(), "folio-cli-")), {
          FOLIO_API_KEY: inject("apiKey"),
          FOLIO_BASE_URL: inject("baseUrl"),
        }),
      }).code,
    ).toBe(0);
  });
});
