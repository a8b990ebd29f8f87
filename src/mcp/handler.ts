import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { authenticateKey } from "../domain/api-keys/authenticate-key";
import { ERROR_TYPES } from "../error-table";
import { errorEnvelope, ServiceError } from "../errors";
import { clientAddress } from "../lib/client-address";
import { refuseDeepJson } from "../lib/json-depth";
import { readBodyText } from "../middleware/json-body";
import { resolveCaller } from "./credentials";
import { MCP_INSTRUCTIONS } from "./instructions";
import { registerTools } from "./register-tools";

const ALLOWED_HEADERS =
  "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID";
const EXPOSED_HEADERS = "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version";

function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Headers": ALLOWED_HEADERS,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    Vary: "Origin",
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  return out;
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message } }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Tool arguments sit two levels inside a JSON-RPC message (the message, `params`): they get the same depth as a REST
 * body.
 */
const JSON_RPC_ENVELOPE_LEVELS = 2;

/**
 * A refused body as a JSON-RPC "Invalid Request" without an id: the body is not parsed, so its id is
 * unknown (JSON-RPC 2.0 §5). The REST error envelope rides in `data`, with the same type and message.
 */
function jsonRpcRefusal(error: ServiceError, baseUrl: string, headers: Record<string, string>): Response {
  const envelope = errorEnvelope(baseUrl, error).error;
  const body = {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: `${error.type}: ${error.message}`, data: envelope },
  };
  return new Response(JSON.stringify(body), {
    status: ERROR_TYPES[error.type].status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** The body, checked as a REST body is before anything parses it, handed on as a fresh request. */
async function checkedRequest(request: Request): Promise<Request> {
  const text = await readBodyText(request);
  refuseDeepJson(text, JSON_RPC_ENVELOPE_LEVELS);
  return new Request(request.url, { method: request.method, headers: request.headers, body: text });
}

/**
 * The agent server at /mcp: stateless Streamable HTTP for 2026-07-28 and 2025-era clients, a fresh
 * McpServer per request. Browsers from a foreign origin are refused; a bad Bearer key is a 401 before
 * any tool runs; listing tools needs no key and mints nothing.
 */
export async function handleMcp(c: Context<AppEnv>): Promise<Response> {
  const settings = c.var.services.config;
  const origin = c.req.header("origin");
  if (origin && origin !== new URL(settings.baseUrl).origin)
    return jsonRpcError(403, `Requests from the origin ${origin} are not allowed.`);
  const cors = corsHeaders(origin);
  if (c.req.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
  if (c.req.method !== "POST")
    return jsonRpcError(405, "Method not allowed: this MCP endpoint is stateless and takes POST only.", {
      Allow: "POST, OPTIONS",
      ...cors,
    });

  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (c.req.header("authorization") !== undefined) {
    const valid = bearer ? await authenticateKey(c.var.services.db, bearer) : null;
    if (!valid)
      return jsonRpcError(401, "The API key is missing, malformed, unknown or revoked.", {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
        ...cors,
      });
  }
  let request: Request;
  try {
    request = await checkedRequest(c.req.raw);
  } catch (error) {
    if (error instanceof ServiceError) return jsonRpcRefusal(error, settings.baseUrl, cors);
    throw error;
  }
  const address = clientAddress((name) => c.req.header(name));
  // The default response mode answers a tool call as one JSON body (no tool emits progress); asking for "json"
  // explicitly only made the SDK print a warning on every request.
  const handler = createMcpHandler(() => {
    const server = new McpServer(
      { name: "folio", title: "Folio", version: "1.0.0" },
      { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS },
    );
    const services = c.var.services;
    registerTools(server, { services, caller: (argumentKey) => resolveCaller(services, bearer, argumentKey, address) });
    return server;
  });
  return withHeaders(await handler.fetch(request), cors);
}
