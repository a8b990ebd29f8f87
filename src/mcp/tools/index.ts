import type { Tool } from "../tool";
import { createTemplateTool } from "./create-template";
import { getApiKeyTool } from "./get-api-key";
import { getRenderTool } from "./get-render";
import { getTemplateTool } from "./get-template";
import { getUsageTool } from "./get-usage";
import { listCertificatesTool } from "./list-certificates";
import { listDeliveriesTool } from "./list-deliveries";
import { listRendersTool } from "./list-renders";
import { listTemplatesTool } from "./list-templates";
import { listVersionsTool } from "./list-versions";
import { previewTemplateTool } from "./preview-template";
import { renderTool } from "./render";
import { updateTemplateTool } from "./update-template";
import { validateTemplateTool } from "./validate-template";

/** Every agent tool, in the order tools/list gives them. */
export const tools: Tool[] = [
  createTemplateTool,
  updateTemplateTool,
  getTemplateTool,
  listTemplatesTool,
  listVersionsTool,
  validateTemplateTool,
  previewTemplateTool,
  renderTool,
  getRenderTool,
  listRendersTool,
  listDeliveriesTool,
  listCertificatesTool,
  getUsageTool,
  getApiKeyTool,
];
