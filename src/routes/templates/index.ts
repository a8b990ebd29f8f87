import { createTemplateEndpoint } from "./create";
import { deleteTemplateEndpoint } from "./delete";
import { getTemplateEndpoint } from "./get";
import { listTemplatesEndpoint } from "./list";
import { listVersionsEndpoint } from "./list-versions";
import { publishVersionEndpoint } from "./publish-version";
import { validateTemplateEndpoint } from "./validate";

export const templateEndpoints = [
  listTemplatesEndpoint,
  createTemplateEndpoint,
  listVersionsEndpoint,
  publishVersionEndpoint,
  validateTemplateEndpoint,
  getTemplateEndpoint,
  deleteTemplateEndpoint,
];
