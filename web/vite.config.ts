// The studio's build: web/studio.html → web/dist/studio.html plus web/dist/studio/assets/*, served by the
// Worker as static assets ([assets] in wrangler.toml): GET /studio answers studio.html, everything else
// (/, /v1/*, /docs, /mcp, /openapi.json, /healthz) has no file and reaches the Worker.
import { resolve } from "node:path";
import { defineConfig } from "vite";
import { htmlPartials } from "./html-partials.ts";
import { startersAsset } from "./starters-asset.ts";

const STUDIO_PAGE = resolve(import.meta.dirname, "studio.html");

export default defineConfig({
  root: import.meta.dirname,
  base: "/",
  // public/_headers: the studio's security and cache headers, copied to dist/ as is.
  publicDir: "public",
  logLevel: "warn",
  plugins: [htmlPartials(STUDIO_PAGE), startersAsset(resolve(import.meta.dirname, ".."))],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "studio/assets",
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { studio: STUDIO_PAGE },
      checks: { pluginTimings: false },
    },
  },
});
