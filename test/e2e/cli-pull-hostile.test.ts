// `folio pull` against a service that answers a hostile template name: nothing is written outside the folder.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, cliUser, userEnv } from "./cli-run";
import { onLoopback } from "./loopback-server";

const { home } = cliUser();

describe("folio pull against a service that answers a hostile name", () => {
  /** Runs the binary without blocking this process, which serves the hostile answers meanwhile. */
  const folioBeside = (args: string[], env: NodeJS.ProcessEnv, cwd: string) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
      });
      child.on("close", (code) => resolve({ code, stderr }));
    });

  it("writes nothing when the name is not a template name: a parent folder, an absolute path, a subfolder", async () => {
    const parent = mkdtempSync(join(tmpdir(), "folio-pull-hostile-"));
    const cwd = join(parent, "here");
    mkdirSync(cwd);
    const targets = ["../escaped", join(parent, "absolute"), "sub/dir", "Upper"];
    let answered = "";
    const server = onLoopback(
      createServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "tpl_hostile",
            name: answered,
            ref: `${answered}@1`,
            version: 1,
            engine: "chromium",
            source: "<p>x</p>",
            schema: {},
            options: {},
            example: null,
            checksum: "0".repeat(64),
            expected_pages: 1,
            description: null,
          }),
        );
      }),
    );
    const base = await server.start();
    try {
      for (const name of targets) {
        answered = name;
        const run = await folioBeside(
          ["pull", "ordinary"],
          userEnv(home, { FOLIO_BASE_URL: base, FOLIO_API_KEY: "folio_sk_x" }),
          cwd,
        );
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`the service named the template ${JSON.stringify(name)}, which is not a template`);
      }
      expect(readdirSync(parent)).toEqual(["here"]);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
