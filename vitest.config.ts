import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { freePortBlock } from "./scripts/free-ports.ts";

// wrangler.toml serves the studio from web/dist ([assets]), which must exist before any project reads it.
// `npm test` rebuilds it first (pretest); a direct `vitest` run builds it only when it is missing.
if (!existsSync(new URL("./web/dist/studio.html", import.meta.url))) {
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "-c", "web/vite.config.ts"], {
    cwd: import.meta.dirname,
    stdio: "inherit",
  });
}

// The e2e services listen on E2E_PORT and the ports above it (test/e2e/ports.ts): a block found free, unless given,
// so a second test run on the machine (another checkout, a worktree, CI) or `npm run dev` never stops this one.
process.env.E2E_PORT ??= String(await freePortBlock(24));

const REQUEST_LOG_LINE = '{"level":"info","message":"request"';

/**
 * E2E files that start every service they call (their own `npm run dev`, render backend or webhook receiver) and so
 * need none of the e2e project's: the `e2e-services` project runs them beside it (scripts/test.ts).
 */
const OWN_SERVICES = [
  "backend-accessible-print",
  "backend-chunk-pieces",
  "backend-exit",
  "backend-fairness",
  "backend-memory",
  "chromium-connections",
  "cli-pull-hostile",
  "dev-local-browser",
  "dev-logs",
  "dev-secrets",
  "free-ports",
  "pdfua-receipt",
  "renderer-health",
  "sdk-webhooks",
  "secrets-check",
  "webhook-deliveries",
  "webhook-resend",
].map((name) => `test/e2e/${name}.test.ts`);

/**
 * How long `expect.poll` waits for a page or a service to come round (Vitest's default is 1 s): the studio answers a
 * publish within one on an idle machine, and took longer with `npm test`'s three runs sharing two cores. A poll that
 * holds returns at once, so a longer bound costs a passing test nothing.
 */
const E2E_EXPECT = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // Two files at a time in the workers, studio and e-invoice projects. Each e2e project runs its files one by one
    // (they share its service, or measure fairness and time), in a group vitest runs after the others: `npm test`
    // runs the groups side by side as runs of their own (scripts/test.ts).
    maxWorkers: 2,
    // The Worker logs one JSON line per request (src/middleware/request-log.ts); printed, they would bury the results.
    onConsoleLog: (log) => !log.startsWith(REQUEST_LOG_LINE),
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            // Webhook tests deliver to a real receiver on loopback, with retry gaps shrunk a thousandfold.
            // wrangler.toml holds no secrets (npm run dev generates them), so the tests bring their own.
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                ALLOW_PRIVATE_EGRESS: "true",
                WEBHOOK_RETRY_SCALE: "0.001",
                INTERNAL_SECRET: "test-internal-secret",
                SIGNING_SECRET: "test-signing-secret",
                PAYLOAD_SECRET: "test-payload-secret",
                RENDER_BACKEND_SECRET: "test-render-backend-secret",
                // A request may ask for the bench's latency model (test/routes/round-trips.test.ts); none else does.
                LATENCY_MODEL: "on",
              },
              // The barcode encoder's symbol program (bwip-js's bwipp.mjs, 2 MB), pkijs (2 MB once transformed), asn1js
              // (the signing core imports it beside pkijs) and fontkit (1.6 MB) are served to workerd as modules of their own, over HTTP: through the test runner's
              // WebSocket they pass the 1 MiB a module's message may hold, and every module sent that way also rides in
              // the cache a reused worker is handed, whose 32 MiB the Worker's graph had reached; past either, the next
              // test file's worker stops ("Message is too large").
              modulesRules: [
                {
                  type: "ESModule",
                  include: [
                    "**/node_modules/bwip-js/dist/bwipp.mjs",
                    "**/node_modules/pkijs/build/index.js",
                    "**/node_modules/asn1js/build/index.js",
                    "**/node_modules/@cantoo/fontkit/dist/browser-module.mjs",
                  ],
                },
              ],
            },
          })),
        ],
        test: {
          name: "workers",
          // Every file in one workerd with its modules loaded once (each test makes its own account and data, and the
          // migrations apply once): isolated, each file loaded the Worker's whole graph again, 412 s against 90-115 s.
          isolate: false,
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "test/web/**", "test/e-invoice/**", "test/backend-threads/**", "test/pdfua/**"],
          testTimeout: 30_000,
          setupFiles: ["./test/apply-migrations.ts"],
          globalSetup: [
            "./test/handled-fetch-failures.ts",
            "./test/webhook-receiver.ts",
            "./test/backend-fleet.ts",
            "./test/time-stamp-authorities.ts",
          ],
        },
      },
      {
        // E-invoice validation with the official artefacts (packages/e-invoice), the render backend's side
        // threads (container/src/side-thread.ts) and its PDF/UA checker (packages/render-page/src/pdfua): plain Node.
        test: {
          name: "e-invoice",
          include: ["test/e-invoice/**/*.test.ts", "test/backend-threads/**/*.test.ts", "test/pdfua/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        // The studio's pure modules (web/src without the DOM): plain Node, no service.
        test: { name: "web", include: ["test/web/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          exclude: OWN_SERVICES,
          maxWorkers: 1,
          // One process runs every file in turn, their modules (pdf.js, playwright-core, the SDK) loaded once; a group
          // of its own, as one such process cannot share a group with the projects that run two files at a time.
          isolate: false,
          sequence: { groupOrder: 1 },
          environment: "node",
          globalSetup: ["./test/e2e/start-service.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
      {
        test: {
          name: "e2e-services",
          include: OWN_SERVICES,
          maxWorkers: 1,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
      {
        // The same render tests through the other Chromium driver: the BROWSER binding (Miniflare's local Browser Rendering).
        test: {
          name: "e2e-browser-rendering",
          maxWorkers: 1,
          include: ["test/e2e/render-*.test.ts", "test/e2e/egress.test.ts", "test/e2e/signed-links.test.ts"],
          environment: "node",
          globalSetup: ["./test/e2e/start-service.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: E2E_EXPECT,
        },
      },
    ],
  },
});
