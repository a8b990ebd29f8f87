import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { inject } from "vitest";

/** A client of an era of the protocol: "modern" pins the newest version, "legacy" negotiates as older clients do. */
export type Era = "modern" | "legacy";

/** An MCP client connected to the service's /mcp, with `key` as its bearer when given, and any `headers` more. */
export async function connect(era: Era, key?: string, headers: Record<string, string> = {}) {
  const client = new Client(
    { name: "folio-e2e", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${inject("baseUrl")}/mcp`), {
    requestInit: { headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } },
  });
  await client.connect(transport);
  return client;
}
