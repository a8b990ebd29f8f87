import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../helpers";

// Bodies are written as text: JSON.stringify itself cannot serialize a value nested this deep.
const CARD = {
  name: "card",
  engine: "satori",
  source: "<div style='display:flex;font-size:48px'>Hello {{ who }}</div>",
};
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
/** A render body nested `2 + levels` deep: the body, `data`, then `levels` arrays. */
const renderBody = (levels: number) => `{"template":"card","data":{"who":"deep","d":${nested(levels)}}}`;
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const mcpRender = (levels: number) =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"render","arguments":${renderBody(levels)}}}`;

async function setup() {
  const { api_key: key } = await newAccount();
  expect((await call("POST", "/v1/templates", { key, body: CARD })).status).toBe(201);
  return key;
}

function expectTooDeep(res: { status: number; json: unknown }) {
  const error = expectError(res, 400, "invalid_request");
  expect(error.details).toEqual({ max_depth: 64 });
  expect(error.errors?.map((e) => e.path)).toEqual(["body"]);
  return error;
}

describe("JSON nested deeper than 64 levels", () => {
  it("is a 400 on render and batch, never a 500", async () => {
    const key = await setup();
    expectTooDeep(await call("POST", "/v1/render", { key, rawBody: renderBody(5_000) }));
    expectTooDeep(await call("POST", "/v1/render", { key, rawBody: renderBody(63) }));
    expectTooDeep(await call("POST", "/v1/render/batch", { key, rawBody: `{"renders":[${renderBody(5_000)}]}` }));
    expect((await call("GET", "/v1/renders", { key })).json.data).toEqual([]);
  });

  it("refuses a template whose example is 100,000 deep, and saves nothing", async () => {
    const key = await setup();
    expectTooDeep(
      await call("POST", "/v1/templates", {
        key,
        rawBody: `{"name":"deep","source":"x","example":${nested(100_000)}}`,
      }),
    );
    expectTooDeep(
      await call("POST", "/v1/templates", {
        key,
        rawBody: `{"name":"deep","source":"x","schema":{"type":"object","properties":${nested(30_000)}}}`,
      }),
    );
    const list = await call("GET", "/v1/templates", { key });
    expect(list.status).toBe(200);
    expect(list.json.data.map((t: { name: string }) => t.name)).toEqual(["card"]);
  });

  it("is a JSON-RPC error with the same type and message from the MCP server", async () => {
    const key = await setup();
    const rest = expectTooDeep(await call("POST", "/v1/render", { key, rawBody: renderBody(5_000) }));
    const res = await call("POST", "/mcp", { key, headers: MCP_HEADERS, rawBody: mcpRender(5_000) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: `invalid_request: ${rest.message}` },
    });
    expect(res.json.error.data).toEqual(rest);
  });

  it("still accepts 64 levels, in a REST body and in tool arguments alike", async () => {
    const key = await setup();
    const rendered = await call("POST", "/v1/render", { key, rawBody: renderBody(62) });
    expect(rendered.status, rendered.text).toBe(200);
    expect(
      (await call("POST", "/v1/templates", { key, rawBody: `{"name":"deep","source":"x","example":${nested(63)}}` }))
        .status,
    ).toBe(201);
    const tool = await call("POST", "/mcp", { key, headers: MCP_HEADERS, rawBody: mcpRender(62) });
    expect(tool.status).toBe(200);
    const message = JSON.parse(/^data: (.*)$/m.exec(tool.text)?.[1] ?? tool.text);
    expect(message.result.isError, tool.text).toBeFalsy();
    expect(message.result.structuredContent).toMatchObject({ object: "render", status: "succeeded", cached: true });
  });
});
