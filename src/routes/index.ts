import type { Endpoint } from "../lib/endpoint";
import { getAccountEndpoint } from "./account/get";
import { rotateWebhookSecretEndpoint } from "./account/rotate-webhook-secret";
import { usageEndpoint } from "./account/usage";
import { certificateEndpoints } from "./certificates";
import { getFileEndpoint } from "./files/get";
import { internalEndpoints } from "./internal";
import { createPreviewEndpoint } from "./previews/create";
import { renderEndpoints } from "./renders";
import { healthzEndpoint } from "./service/healthz";
import { verifyEndpoint } from "./service/verify";
import { templateEndpoints } from "./templates";
import { startTrialEndpoint } from "./trials/create";
import { sendWebhookTestEndpoint } from "./webhooks/test";

/** Every route of the API, in the order /openapi.json lists them; the internal ones are mounted but hidden. */
export const endpoints: Endpoint[] = [
  healthzEndpoint,
  verifyEndpoint,
  ...templateEndpoints,
  ...renderEndpoints,
  createPreviewEndpoint,
  sendWebhookTestEndpoint,
  startTrialEndpoint,
  getFileEndpoint,
  getAccountEndpoint,
  rotateWebhookSecretEndpoint,
  usageEndpoint,
  ...certificateEndpoints,
  ...internalEndpoints,
];
