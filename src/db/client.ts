import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof connect>;

const connect = (d1: D1Database) => drizzle(d1, { schema });
const connections = new WeakMap<D1Database, Database>();

/** The drizzle client for a D1 binding, built once per binding: building it walks the whole schema. */
export function database(d1: D1Database): Database {
  let db = connections.get(d1);
  if (!db) {
    db = connect(d1);
    connections.set(d1, db);
  }
  return db;
}

/**
 * Reads that a replica near the caller may answer (D1's Sessions API, a session free to start at any replica): it may
 * be a moment behind the primary, so only reads that check what they find use it (docs/round-trips.md#replica-reads).
 * The session lacks only what drizzle never calls on a query (exec, dump).
 */
export function replicaDatabase(d1: D1Database): Database {
  return connect(d1.withSession("first-unconstrained") as unknown as D1Database);
}

/** D1 reports a violated UNIQUE index as an error whose message (or its cause's) names the constraint. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  }
  return false;
}
