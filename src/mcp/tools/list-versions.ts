import { z } from "@hono/zod-openapi";
import { NameParam } from "../../contract/template-name";
import { TemplateVersionListSchema } from "../../contract/templates";
import { listVersions } from "../../domain/templates/list-templates";
import { serializeVersion } from "../../domain/templates/serialize-template";
import { parseArguments, READS, tool } from "../tool";

export const listVersionsTool = tool({
  name: "list_versions",
  title: "List a template's versions",
  description:
    "List every version of a template, newest first, with its checksum and message (GET /v1/templates/{name}" +
    "/versions). get_template with name@N reads one.",
  annotations: READS,
  input: { name: z.string().describe("The bare template name, e.g. invoice (never invoice@2).") },
  output: TemplateVersionListSchema,
  run: async (args, caller, { db }) => {
    const { template, versions } = await listVersions(db, caller.account.id, parseArguments(NameParam, args).name);
    return { object: "list" as const, data: versions.map((version) => serializeVersion(template, version)) };
  },
});
