import {
  createAccountEndpoint,
  createTrialEndpoint,
  createVerificationEndpoint,
  updateAccountEndpoint,
} from "./accounts";
import { issueKeyEndpoint, revokeKeyEndpoint } from "./keys";

/** The service-to-service surface: behind X-Internal-Secret and never in /openapi.json (each route is `hide`). */
export const internalEndpoints = [
  createAccountEndpoint,
  createTrialEndpoint,
  updateAccountEndpoint,
  createVerificationEndpoint,
  issueKeyEndpoint,
  revokeKeyEndpoint,
];
