import { describe, expect, it } from "vitest";
import { tools } from "../../src/mcp/tools";
import { endpoints } from "../../src/routes";

/** The REST answer each tool gives too: method, path and status of its twin. */
const REST_TWINS: Record<string, [string, string, number]> = {
  create_template: ["post", "/v1/templates", 201],
  update_template: ["post", "/v1/templates/{name}/versions", 201],
  get_template: ["get", "/v1/templates/{ref}", 200],
  list_templates: ["get", "/v1/templates", 200],
  list_versions: ["get", "/v1/templates/{name}/versions", 200],
  validate_template: ["post", "/v1/templates/{ref}/validate", 200],
  render: ["post", "/v1/render", 200],
  get_render: ["get", "/v1/renders/{id}", 200],
  list_renders: ["get", "/v1/renders", 200],
  list_deliveries: ["get", "/v1/renders/{id}/deliveries", 200],
  list_certificates: ["get", "/v1/certificates", 200],
  get_usage: ["get", "/v1/usage", 200],
};

function restAnswer(method: string, path: string, status: number) {
  const route = endpoints.find((e) => e.route.method === method && e.route.path === path)?.route;
  const response = route?.responses[status] as { content?: Record<string, { schema?: unknown }> } | undefined;
  return response?.content?.["application/json"]?.schema;
}

describe("the agent tools", () => {
  it.each(Object.entries(REST_TWINS))(
    "%s answers with its REST twin's response schema",
    (name, [method, path, status]) => {
      const tool = tools.find((t) => t.name === name);
      const schema = restAnswer(method, path, status);
      expect(schema, `${method} ${path} ${status}`).toBeDefined();
      expect(tool?.output).toBe(schema);
    },
  );

  it("has a REST twin for every tool but get_api_key and preview_template, whose answers are their own", () => {
    // A preview's REST answer is the file's bytes; the tool answers the image or file as MCP content, with its facts.
    expect(tools.map((t) => t.name).filter((name) => !(name in REST_TWINS))).toEqual([
      "preview_template",
      "get_api_key",
    ]);
  });
});
