import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { until } from "../poll";
import { BIN, cliUser, signedInWithBuiltBinary, unique, userEnv } from "./cli-run";
import { api, inspectPdf } from "./client";
import { pageTexts } from "./pdf-text";

const { home, work, folio } = cliUser();

beforeAll(() => signedInWithBuiltBinary(folio));

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

  it("init makes the five files and a .gitignore for the previews, and refuses a folder that has files", () => {
    expect(folio(["init", name]).code).toBe(0);
    for (const file of ["template.html", "schema.json", "example.json", "options.json", "folio.json"])
      expect(existsSync(join(dir, file))).toBe(true);
    expect(readFileSync(join(dir, ".gitignore"), "utf8").split("\n")).toEqual(
      expect.arrayContaining(["preview.pdf", "preview.png", "preview.jpg"]),
    );
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
    // Content-stream order, so the rotated watermark stays one word; its tiles clipped at the page's edge add pieces.
    expect((await pageTexts(join(work, "hello.pdf"), { raw: true })).join("\f")).toMatch(/Hello Ada\s[\s\S]*PREVIEW/);
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

describe("pull and push never overwrite someone else's work", () => {
  // A definition a text editor could mangle: no final newline, a CRLF line, non-ASCII, trailing spaces.
  const SOURCE = "<h1>Grüße {{ name }}</h1>  \r\n<p>{{ note | default: 'ø' }}</p>\n\n<footer>—</footer>";
  const read = (dir: string, file: string) => readFileSync(join(work, dir, file));
  const versions = async (name: string) => (await api("GET", `/v1/templates/${name}/versions`)).json.data.length;
  const publishRemotely = (name: string, source: string) =>
    api("POST", `/v1/templates/${name}/versions`, { source, message: "from the studio" });

  async function studioTemplate(prefix: string): Promise<string> {
    const name = unique(prefix);
    const created = await api("POST", "/v1/templates", {
      name,
      source: SOURCE,
      schema: { type: "object", properties: { name: { type: "string" }, note: { type: "string" } } },
      options: { page_size: "A5", landscape: true },
      example: { name: "Ada", note: "hi" },
    });
    expect(created.status).toBe(201);
    return name;
  }

  it("pull writes the folder byte for byte with its origin; pushing it back publishes nothing, an edit publishes exactly the file", async () => {
    const name = await studioTemplate("cli-pull");
    const template = (await api("GET", `/v1/templates/${name}`)).json;
    const pulled = folio(["pull", name, `${name}-a`, "--json"]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.json()).toMatchObject({ ref: `${name}@1`, id: template.id, checksum: template.checksum });
    expect(read(`${name}-a`, "template.html").toString("utf8")).toBe(SOURCE);
    expect(JSON.parse(read(`${name}-a`, "example.json").toString())).toEqual({ name: "Ada", note: "hi" });
    expect(JSON.parse(read(`${name}-a`, "folio.json").toString())).toEqual({
      name,
      engine: "chromium",
      expected_pages: 1,
      description: "",
      origin: { id: template.id, version: 1 },
    });
    expect(folio(["push", `${name}-a`, "--json"]).json()).toEqual({
      action: "unchanged",
      ref: `${name}@1`,
      checksum: template.checksum,
    });
    const edited = `${SOURCE}\r\n<p>added</p>`;
    writeFileSync(join(work, `${name}-a`, "template.html"), edited);
    expect(folio(["push", `${name}-a`, "--json"]).json()).toMatchObject({ action: "published", ref: `${name}@2` });
    expect(JSON.parse(read(`${name}-a`, "folio.json").toString()).origin).toEqual({ id: template.id, version: 2 });
    expect(folio(["pull", `${name}@2`, `${name}-b`]).code).toBe(0);
    for (const file of ["template.html", "schema.json", "example.json", "options.json", "folio.json"])
      expect(read(`${name}-b`, file).equals(read(`${name}-a`, file)), file).toBe(true);
    expect(read(`${name}-b`, "template.html").toString("utf8")).toBe(edited);
    expect(folio(["pull", name, `${name}-b`]).code).toBe(2);
  });

  it("push refuses another template's name, and a folder with no origin never publishes onto an existing template", async () => {
    const mine = await studioTemplate("cli-mine");
    const theirs = await studioTemplate("cli-theirs");
    expect(folio(["pull", mine, `${mine}-dir`]).code).toBe(0);
    const meta = join(work, `${mine}-dir`, "folio.json");
    writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, "utf8")), name: theirs }));
    writeFileSync(join(work, `${mine}-dir`, "template.html"), "<p>mine</p>");
    const other = folio(["push", `${mine}-dir`, "--json"]);
    expect(other.code).toBe(1);
    expect(JSON.parse(other.stderr).error).toMatchObject({ type: "refused", details: { template: theirs } });
    expect(JSON.parse(other.stderr).error.message).toContain("publishes only onto its own template");
    // `folio init` refuses the name while a key is configured; a folder made without one has no origin.
    expect(folio(["init", theirs, `${theirs}-new`]).code).toBe(1);
    const offline = folio(["init", theirs, `${theirs}-new`], { env: userEnv(mkdtempSync(join(tmpdir(), "folio-"))) });
    expect(offline.code).toBe(0);
    const blind = folio(["push", `${theirs}-new`]);
    expect(blind.code).toBe(1);
    expect(blind.stderr).toContain("names no origin");
    expect(await versions(theirs)).toBe(1);
    expect((await api("GET", `/v1/templates/${theirs}`)).json.source).toBe(SOURCE);
  });

  it("push stops when the template moved since the folder's version, showing what differs; --force publishes", async () => {
    const name = await studioTemplate("cli-moved");
    expect(folio(["pull", name]).code).toBe(0);
    expect((await publishRemotely(name, "<p>studio edit</p>")).status).toBe(201);
    writeFileSync(join(work, name, "template.html"), `${SOURCE}\n<p>local edit</p>`);
    const refused = folio(["push", name]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`this folder came from ${name}@1, the latest is ${name}@2 ("from the studio")`);
    expect(refused.stderr).toMatch(/template\.html \+\d+ -1 lines/);
    // The lines themselves: the one the studio's version has and this folder lacks, and this folder's own.
    expect(refused.stderr).toContain("  - <p>studio edit</p>\n");
    expect(refused.stderr).toContain("  + <p>local edit</p>\n");
    expect(await versions(name)).toBe(2);
    const forced = folio(["push", name, "--force", "--json"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.json()).toMatchObject({ action: "published", ref: `${name}@3`, previous: `${name}@2` });
    expect((await api("GET", `/v1/templates/${name}@3`)).json.source).toBe(`${SOURCE}\n<p>local edit</p>`);
  });

  it("the service publishes with If-Match only onto the latest version it names: 409 version_moved otherwise", async () => {
    const name = await studioTemplate("if-match");
    const first = (await api("GET", `/v1/templates/${name}`)).json.checksum;
    const publish = (source: string, ifMatch: string) =>
      fetch(`${inject("baseUrl")}/v1/templates/${name}/versions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${inject("apiKey")}`,
          "content-type": "application/json",
          "if-match": ifMatch,
        },
        body: JSON.stringify({ source }),
      });
    const second = await publish("<p>2</p>", `"${first}"`);
    expect(second.status).toBe(201);
    const stale = await publish("<p>stale</p>", first);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: unknown }).error).toMatchObject({
      type: "conflict",
      details: {
        code: "version_moved",
        latest_version: 2,
        latest_checksum: ((await second.json()) as { checksum: string }).checksum,
      },
    });
    // Two publishes on the same latest at once: exactly one lands.
    const latest = (await api("GET", `/v1/templates/${name}`)).json.checksum;
    const raced = await Promise.all([publish("<p>a</p>", latest), publish("<p>b</p>", latest)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await versions(name)).toBe(3);
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

  it('a service that is not there exits 1 saying where it looked and what to check, not "fetch failed"', async () => {
    // A port just given back by the system: nothing listens on it.
    const server = createServer();
    const port = await new Promise<number>((done) =>
      server.listen(0, "127.0.0.1", () => done((server.address() as { port: number }).port)),
    );
    await new Promise((done) => server.close(done));
    const run = folio(["templates", "ls"], {
      env: userEnv(home, { FOLIO_API_KEY: "folio_sk_x", FOLIO_BASE_URL: `http://127.0.0.1:${port}` }),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: could not reach the Folio service at 127.0.0.1:${port} (ECONNREFUSED): is it running, and is the ` +
        "base URL right? (folio login --base-url, or FOLIO_BASE_URL)\n",
    );
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
