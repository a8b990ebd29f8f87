/** A per-isolate cache of values derived from immutable keys, dropping the oldest entry once `limit` is reached. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      const oldest = this.entries.keys().next();
      if (this.entries.size >= this.limit && !oldest.done) this.entries.delete(oldest.value);
      this.entries.set(key, value);
    }
    return value;
  }
}
