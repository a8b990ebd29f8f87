// The house's layering rules, each a rule that fails `npm run lint:layers` (and CI) by its name. The rooms and why
// each arrow is forbidden: docs/contributing.md#rules-ci-keeps.
/** A rule forbidding imports from `from` paths to `to` paths. */
const never = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: "error",
  from: { path: from, ...extra.from },
  to: { path: to, ...extra.to },
});

module.exports = {
  forbidden: [
    never(
      "mcp-not-routes",
      "MCP and REST are two transports over one contract: MCP takes schemas and parsing from src/contract or the domain, never from a route.",
      "^src/mcp/",
      "^src/routes/",
    ),
    never("routes-not-mcp", "A route never reaches into the other transport.", "^src/routes/", "^src/mcp/"),
    never(
      "render-not-domain",
      "src/render draws what it is given: it never reads the domain's types or rules (the contract holds the options).",
      "^src/render/",
      "^src/(domain|routes|mcp|middleware|durable-objects|queue)/",
    ),
    never(
      "db-below-everything",
      "The database schema depends on nothing of Folio but the contract and lib.",
      "^src/db/",
      "^(src/(domain|render|routes|mcp|middleware|durable-objects|queue|docs)/|packages/)",
    ),
    never(
      "lib-below-everything",
      "src/lib holds helpers anything may use; it uses nothing of Folio's rooms.",
      "^src/lib/",
      "^src/(domain|render|routes|mcp|middleware|durable-objects|queue|docs|db)/",
    ),
    never(
      "contract-below-transports",
      "The contract is below the transports and the domain: it takes nothing from them.",
      "^src/contract/",
      "^src/(domain|render|routes|mcp|middleware|durable-objects|queue|docs|db)/",
    ),
    never(
      "domain-not-durable-objects",
      "The domain takes rules and values from its own files; Durable Objects are adapters it reaches through services.",
      "^src/domain/",
      "^src/durable-objects/",
    ),
    never(
      "domain-not-transports",
      "The domain knows neither HTTP routes, MCP, middleware nor Hono.",
      "^src/domain/",
      "^(src/(routes|mcp|middleware)/|node_modules/hono/)",
    ),
    never(
      "routes-not-middleware",
      "Middleware is wired in app.ts; a route takes what it needs from the context or the domain.",
      "^src/routes/",
      "^src/middleware/",
    ),
    never(
      "worker-not-studio",
      "The Worker's docs never take files from the studio's sources: shared brand files live in assets/.",
      "^src/",
      "^web/",
    ),
    never(
      "studio-only-sdk",
      "The studio speaks to Folio through the SDK only: never the Worker's sources.",
      "^web/",
      "^(src|container)/",
    ),
    never(
      "backend-not-worker",
      "The render backend shares code with the Worker only through packages.",
      "^container/",
      "^(src|web)/",
    ),
    never(
      "packages-stand-alone",
      "Packages are published on their own: nothing of the Worker, the studio or the backend.",
      "^packages/",
      "^(src|web|container)/",
    ),
    never(
      "sdk-depends-on-nothing-of-folio",
      "The SDK is the public client: no other Folio package.",
      "^packages/sdk/",
      "^packages/(cli|render-page|e-invoice)/",
    ),
    never(
      "product-not-tests",
      "Product code never imports tests, the bench or scripts.",
      "^(src|web|container|packages)/",
      "^(test|bench|scripts)/",
    ),
    never(
      "queue-not-transports",
      "The queue consumer calls the domain, never a route or MCP.",
      "^src/queue/",
      "^src/(routes|mcp|middleware)/",
    ),
    never(
      "durable-objects-not-transports",
      "Durable Objects are adapters under the domain: no route, MCP or middleware.",
      "^src/durable-objects/",
      "^src/(routes|mcp|middleware)/",
    ),
    {
      name: "no-circular",
      comment: "No import circles: a ring means two files that are one, or a type in the wrong room.",
      severity: "error",
      from: { path: "^(src|web|container|packages)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules)/|packages/sdk/src/schema\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".json"],
    },
  },
};
