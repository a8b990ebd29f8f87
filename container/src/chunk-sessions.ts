// A chunked render's printed pieces, kept on disk between its requests (docs/rendering.md#long-documents): the
// backend's memory holds one piece at a time. They are kept only while the render is in flight
// (docs/limits.md#disk-and-money): the Worker drops the session on every way a render ends, a session whose Worker
// went silent for SILENT_SESSION_MS is dropped here, each piece is sealed with its session's key (held only in this process's
// memory), and the pieces of an account and of the instance stay under the ceilings of chunk-disk.ts.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SILENT_SESSION_MS } from "@folio/render-page/chunk-limits";
import { JobFailure } from "@folio/render-page/job-failure";
import { type HeldBytes, refusePastCeiling } from "./chunk-disk.ts";
import type { PieceCeilings } from "./settings.ts";

const SWEEP_EVERY_MS = 15_000;
/** AES-256-GCM: a random key per session, a random nonce per piece, the tag after it. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

interface Session {
  dir: string;
  key: Buffer;
  accountId: string;
  pages: number[];
  bytes: number;
  /** Requests for this session the backend is answering now: a session is never silent while one runs. */
  active: number;
  touched: number;
}

function seal(key: Buffer, bytes: Uint8Array): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const sealed = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]);
}

function unseal(key: Buffer, file: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, file.subarray(0, NONCE_BYTES));
  decipher.setAuthTag(file.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(file.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

const total = (pages: number[]) => pages.reduce((sum, count) => sum + count, 0);

export class ChunkSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly root: string;
  private readonly ceilings: PieceCeilings;

  /** `root` is emptied at start, as no key survives a restart. */
  constructor(root: string, ceilings: PieceCeilings) {
    this.root = root;
    this.ceilings = ceilings;
    rmSync(root, { recursive: true, force: true });
    setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /**
   * A request for piece `index` of `id` begins (0 starts the session afresh): refused before anything prints when the
   * session was dropped meanwhile, or when the account's or the instance's pieces are at their ceiling.
   */
  async begin(id: string, index: number, accountId: string): Promise<void> {
    if (index === 0) {
      await this.drop(id);
      const dir = join(this.root, encodeURIComponent(id));
      this.sessions.set(id, { dir, key: randomBytes(32), accountId, pages: [], bytes: 0, active: 0, touched: 0 });
    }
    const session = this.live(id, index);
    refusePastCeiling(this.held(session), 0, this.ceilings);
    session.active++;
    session.touched = Date.now();
  }

  /**
   * Keeps the piece begun by `begin`; answers the pages the session holds now. A piece past the render's page ceiling
   * (`last`) ends the render: it is counted, never written, and the session goes, as it does past a disk ceiling.
   */
  async add(
    id: string,
    index: number,
    piece: { bytes: Uint8Array; pageCount: number; last: boolean },
  ): Promise<number> {
    const { bytes, pageCount } = piece;
    const session = this.live(id, index);
    session.active--;
    session.touched = Date.now();
    if (piece.last) {
      await this.drop(id);
      return total(session.pages) + pageCount;
    }
    try {
      refusePastCeiling(this.held(session), bytes.byteLength, this.ceilings);
    } catch (error) {
      await this.drop(id);
      throw error;
    }
    const sealed = seal(session.key, bytes);
    await mkdir(session.dir, { recursive: true });
    await writeFile(join(session.dir, `${index}.piece`), sealed);
    session.pages.push(pageCount);
    session.bytes += sealed.byteLength;
    return total(session.pages);
  }

  /** The session's page count and its pieces, read and unsealed one at a time; the join drops it when done. */
  open(id: string): { pageCount: number; first: () => Promise<Uint8Array>; pieces: AsyncIterable<Uint8Array> } {
    const session = this.sessions.get(id);
    if (!session || session.pages.length === 0) throw badJob("a join named a chunked render with no printed pieces");
    session.active++;
    const read = async (index: number) => unseal(session.key, await readFile(join(session.dir, `${index}.piece`)));
    return {
      pageCount: total(session.pages),
      first: () => read(0),
      pieces: (async function* () {
        for (let index = 0; index < session.pages.length; index++) yield await read(index);
      })(),
    };
  }

  /** Removes the session and its pieces: its render stopped (a failed piece, a Worker gone, a drop, a join done). */
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

  /** The session `id` as piece `index` expects it; a session dropped meanwhile (its render stopped) prints nothing. */
  private live(id: string, index: number): Session {
    const session = this.sessions.get(id);
    if (!session)
      throw badJob(`piece ${index} of a chunked render whose pieces were dropped (it stopped, or went silent)`);
    if (index !== session.pages.length)
      throw badJob(`piece ${index} of a chunked render came after ${session.pages.length} pieces`);
    return session;
  }

  private held(session: Session): HeldBytes {
    let account = 0;
    let instance = 0;
    for (const other of this.sessions.values()) {
      instance += other.bytes;
      if (other.accountId === session.accountId) account += other.bytes;
    }
    return { session: session.bytes, account, instance };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions)
      if (session.active === 0 && now - session.touched > SILENT_SESSION_MS) void this.drop(id);
  }
}

function badJob(message: string): JobFailure {
  return new JobFailure("render_failed", message, { stage: "browser", reason: "bad_job", retryable: true });
}
