import { createRenderEndpoint } from "./create";
import { createBatchEndpoint } from "./create-batch";
import { listDeliveriesEndpoint, resendWebhookEndpoint } from "./deliveries";
import { getRenderEndpoint } from "./get";
import { listRendersEndpoint } from "./list";

export const renderEndpoints = [
  createRenderEndpoint,
  createBatchEndpoint,
  listRendersEndpoint,
  getRenderEndpoint,
  listDeliveriesEndpoint,
  resendWebhookEndpoint,
];
