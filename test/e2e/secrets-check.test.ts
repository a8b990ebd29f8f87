import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

describe("npm run secrets:check", () => {
  it("names every secret production needs, and says it cannot tell which are missing without Cloudflare credentials", () => {
    // No stored login and no token: wrangler cannot reach the account, whatever this machine holds.
    const home = mkdtempSync(join(tmpdir(), "folio-secrets-check-"));
    try {
      const run = spawnSync(process.execPath, ["scripts/secrets-check.ts"], {
        cwd: new URL("../..", import.meta.url),
        encoding: "utf8",
        env: {
          ...process.env,
          HOME: home,
          XDG_CONFIG_HOME: home,
          CLOUDFLARE_API_TOKEN: "",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
        },
        timeout: 60_000,
      });
      for (const name of ["INTERNAL_SECRET", "SIGNING_SECRET", "RENDER_BACKEND_SECRET", "PAYLOAD_SECRET"])
        expect(run.stdout).toContain(name);
      // B-T's time-stamp authority is optional: named, never counted as missing.
      expect(run.stdout).toContain("SIGN_TSA_URL (optional)");
      expect(run.stdout).toContain("wrangler secret put NAME --env production");
      expect(run.stdout).toMatch(/Could not list the deployed secrets: .+/);
      expect(run.status).toBe(2);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
