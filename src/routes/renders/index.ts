import { createRenderEndpoint } from "./create";
import { getRenderEndpoint } from "./get";
import { listRendersEndpoint } from "./list";

export const renderEndpoints = [createRenderEndpoint, listRendersEndpoint, getRenderEndpoint];
