/** A per-isolate cache of values derived from immutable keys, dropping the oldest entry once `limit` is reached. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }
}
