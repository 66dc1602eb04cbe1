/**
 * The plant ids in use. Ids are handed out lowest-free-first, so the taken ids are a dense
 * run 1..n plus whatever was claimed explicitly above it: only those few need a set entry.
 * A store that numbers its own plants keeps the set empty, so a create costs no hash insert
 * however many plants are stored (a Set of a million ids made each create about 50% slower
 * than at ten, and a Set cannot hold more than 2^24 entries at all).
 */
export class PlantIds {
  /** The lowest free id: every id below it is taken, and it is not. */
  #free = 1;
  /** Taken ids above `#free`. */
  readonly #above = new Set<number>();

  /** The id a plant created without one gets. */
  get free(): number {
    return this.#free;
  }

  has(id: number): boolean {
    return id < this.#free || this.#above.has(id);
  }

  /** Marks a free id as taken. */
  add(id: number): void {
    if (id !== this.#free) {
      this.#above.add(id);
      return;
    }
    // Past the run just joined: explicit ids right above it become part of the dense run.
    do this.#free++;
    while (this.#above.delete(this.#free));
  }
}
