import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { newKey } from "./client";
import { pageTexts } from "./pdf-text";

// Every `sh` block of the README and of the guides it sends a reader to is either run here against the e2e service
// (marked `<!-- run -->` on the line before it) or named below with the reason it is not: a command a reader copies
// must work. The guides run after the README, in this order, each with what the ones before it made.
const ROOT = join(import.meta.dirname, "../..");
const GUIDES = ["README.md", "docs/using-the-api.md", "docs/document-finishing.md", "docs/from-code.md"];

/**
 * Blocks not run, and why: each named by the section it stands in (every `sh` block there) or by its first line.
 * Sections are named rather than lines where the block itself may change.
 */
const EXCLUDED: Array<{ section?: string; first?: string; why: string }> = [
  {
    first: "npm install && npm run dev",
    why: "starts the service: test/e2e/start-service.ts starts it so for these tests",
  },
  { first: "npm install && npm test", why: "the test suite itself" },
  {
    first: "curl -s -X POST $BASE/v1/trials",
    why: "trials are limited to 5 an hour per client address, which the other e2e tests share; test/routes/trials.test.ts",
  },
  {
    section: "Document finishing",
    why: "options sketched with `{...}` for the reader's data; test/e2e/render-finishing.test.ts renders each",
  },
  { section: "E-invoices", why: "an e-invoice sketched with `...` for the XML; test/e2e/e-invoice-rules.test.ts" },
  { section: "Deploy to Cloudflare", why: "needs a Cloudflare account: it deploys to Cloudflare" },
];

interface Block {
  /** Where it is: the file and line. */
  line: string;
  /** The heading the block stands under. */
  section: string;
  first: string;
  text: string;
  run: boolean;
}

function shellBlocks(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const blocks: Block[] = [];
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,4} (.*)$/.exec(lines[i] ?? "");
    if (heading) section = heading[1] ?? "";
    const open = /^(\s*)```sh\s*$/.exec(lines[i] ?? "");
    if (!open) continue;
    const indent = open[1]?.length ?? 0;
    const end = lines.findIndex((line, j) => j > i && line.trim() === "```");
    const body = lines.slice(i + 1, end).map((line) => line.slice(indent));
    const run = (lines[i - 1] ?? "").trim() === "<!-- run -->";
    blocks.push({ line: `${file}:${i + 1}`, section, first: body[0] ?? "", text: body.join("\n"), run });
    i = end;
  }
  return blocks;
}

const blocks = GUIDES.flatMap(shellBlocks);

describe("the commands of the README and its guides", () => {
  it("are each run below or excluded with a reason", () => {
    expect(blocks.filter((b) => b.run).length).toBeGreaterThan(5);
    for (const block of blocks.filter((b) => !b.run)) {
      const excluded = EXCLUDED.find(
        (e) => (e.section ?? block.section) === block.section && (e.first ?? block.first) === block.first,
      );
      expect(excluded, `${block.line} is neither marked <!-- run --> nor excluded`).toBeDefined();
    }
  });

  it("work as written, in order, against the service", async () => {
    // A folder standing for the clone: the blocks' own files land there, packages/ and node_modules/ (so `npx folio`
    // finds the CLI as in the repository) are the repository's.
    const clone = mkdtempSync(join(tmpdir(), "folio-readme-"));
    for (const name of ["packages", "node_modules"]) symlinkSync(join(ROOT, name), join(clone, name));
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("FOLIO_"))),
      PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH}`,
      HOME: clone,
      XDG_CONFIG_HOME: join(clone, ".config"),
      npm_config_audit: "false",
      npm_config_fund: "false",
      // An account of its own, so the README's template names never meet another test's.
      KEY: await newKey(),
      CURL_STAND_IN: join(ROOT, "test/e2e/curl-stand-in.ts"),
      BASE: inject("baseUrl"),
    };
    // The reader sets KEY and BASE to what `npm run dev` printed; here they are the e2e service's.
    // curl failing on any HTTP error; a machine without curl (only Node and npm) runs test/e2e/curl-stand-in.ts.
    const prelude =
      'if command -v curl >/dev/null; then curl() { command curl --fail-with-body "$@"; }\n' +
      'else curl() { node "$CURL_STAND_IN" --fail-with-body "$@"; }; fi\nset -euo pipefail\n';
    for (const block of blocks.filter((b) => b.run)) {
      const script = block.text.replace(/^(KEY|BASE)=.*$/gm, "");
      const run = spawnSync("bash", ["-c", prelude + script], { cwd: clone, env, encoding: "utf8" });
      expect(run.status, `${block.line}\n${run.stdout}\n${run.stderr}`).toBe(0);
    }
    // The files the README's commands say they write.
    for (const pdf of ["hello.pdf", "preview.pdf", "receipt.pdf", "receipt/preview.pdf"])
      expect(readFileSync(join(clone, pdf)).subarray(0, 5).toString(), pdf).toBe("%PDF-");
    expect(readFileSync(join(clone, "preview.png")).subarray(1, 4).toString()).toBe("PNG");
    // The quickstart's last step: the PDF the reader opens says what the template and the data say.
    expect((await pageTexts(join(clone, "hello.pdf"))).join(" ")).toContain("Hello Ada");
    // The links first, so removing the folder can never reach into the repository.
    for (const name of ["packages", "node_modules"]) unlinkSync(join(clone, name));
    rmSync(clone, { recursive: true, force: true });
  });
});
