// The render backend's own figures (GET /stats): its memory (Node + Chromium processes, PSS), the jobs it has done,
// and its idle pages still holding a document.
export interface BackendStats {
  memory_bytes: number;
  jobs: number;
  idle_pages_holding_a_document: number;
}

export interface Backend {
  url: string;
  secret: string;
}

export async function backendStats(backend: Backend): Promise<BackendStats> {
  const response = await fetch(`${backend.url}/stats`, { headers: { "x-render-secret": backend.secret } });
  return (await response.json()) as BackendStats;
}

/**
 * The backend empties a page's last document (and collects its garbage) once the page sits idle: memory
 * "after N renders" is read once that is done, within a few seconds, as the backend holds it at rest.
 */
export async function statsAtRest(backend: Backend): Promise<BackendStats> {
  for (let tries = 0; tries < 50; tries++) {
    const stats = await backendStats(backend);
    if (stats.idle_pages_holding_a_document === 0) return stats;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return backendStats(backend);
}
