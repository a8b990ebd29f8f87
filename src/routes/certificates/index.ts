import { createCertificateEndpoint } from "./create";
import { deleteCertificateEndpoint } from "./delete";
import { getCertificateEndpoint } from "./get";
import { listCertificatesEndpoint } from "./list";

export const certificateEndpoints = [
  listCertificatesEndpoint,
  createCertificateEndpoint,
  getCertificateEndpoint,
  deleteCertificateEndpoint,
];
