// A chunked render's printed pieces, kept on disk between its requests (docs/rendering.md#long-documents): the
// backend's memory holds one piece at a time, the next chunk's page is printing while the last one's bytes rest
// in a file. A session nobody joins (its render failed or moved elsewhere) is removed after IDLE_MS.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JobFailure } from "@folio/render-page/job-failure";

const IDLE_MS = 10 * 60_000;

interface Session {
  dir: string;
  pages: number[];
  touched: number;
}

export class ChunkSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly root = join(tmpdir(), `folio-chunks-${process.pid}`);

  constructor() {
    setInterval(() => this.sweep(), IDLE_MS / 2).unref();
  }

  /** Keeps piece `index` of `id` (0 starts the session afresh); answers the pages the session holds now. */
  async add(id: string, index: number, bytes: Uint8Array, pageCount: number): Promise<number> {
    if (index === 0) await this.drop(id);
    const session = this.sessions.get(id) ?? { dir: join(this.root, encodeURIComponent(id)), pages: [], touched: 0 };
    if (index !== session.pages.length)
      throw badJob(`piece ${index} of a chunked render came after ${session.pages.length} pieces`);
    await mkdir(session.dir, { recursive: true });
    await writeFile(join(session.dir, `${index}.pdf`), bytes);
    session.pages.push(pageCount);
    session.touched = Date.now();
    this.sessions.set(id, session);
    return session.pages.reduce((sum, pages) => sum + pages, 0);
  }

  /** The session's page count and its pieces, read one at a time. */
  open(id: string): { pageCount: number; first: () => Promise<Uint8Array>; pieces: AsyncIterable<Uint8Array> } {
    const session = this.sessions.get(id);
    if (!session || session.pages.length === 0) throw badJob("a join named a chunked render with no printed pieces");
    session.touched = Date.now();
    const read = (index: number) => readFile(join(session.dir, `${index}.pdf`));
    return {
      pageCount: session.pages.reduce((sum, pages) => sum + pages, 0),
      first: () => read(0),
      pieces: (async function* () {
        for (let index = 0; index < session.pages.length; index++) yield await read(index);
      })(),
    };
  }

  async drop(id: string): Promise<void> {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    if (session) await rm(session.dir, { recursive: true, force: true });
  }

  /** Removes every session's files: the backend is stopping, and nobody can join them any more. */
  async close(): Promise<void> {
    this.sessions.clear();
    await rm(this.root, { recursive: true, force: true });
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (now - session.touched > IDLE_MS) void this.drop(id);
  }
}

function badJob(message: string): JobFailure {
  return new JobFailure("render_failed", message, { stage: "browser", reason: "bad_job", retryable: true });
}
