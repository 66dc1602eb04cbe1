// The data every benchmark sends and expects, so all candidates move the same bytes.

export const BENCH_TOKEN = "bench-token";
export const AUTHORIZATION = `Bearer ${BENCH_TOKEN}`;

/** Ten public plants: `GET /plants?limit=10` returns exactly these. */
export const TEN_PLANTS = [
  { name: "Monstera", tag: "tropical" },
  { name: "Fiddle-leaf fig", tag: "tropical" },
  { name: "Snake plant", tag: "succulent" },
  { name: "Pothos", tag: "vine" },
  { name: "Peace lily", tag: "flowering" },
  { name: "Aloe vera", tag: "succulent" },
  { name: "Boston fern", tag: "fern" },
  { name: "Rubber plant", tag: "tropical" },
  { name: "ZZ plant", tag: "succulent" },
  { name: "Spider plant", tag: "vine" },
] as const;

export const TEN_PLANTS_JSON = JSON.stringify(TEN_PLANTS);

/** The create body: no `id`, so the store assigns one and repeated creates never collide. */
export const NEW_PLANT = { name: "Calathea", tag: "prayer plant" };
export const NEW_PLANT_JSON = JSON.stringify(NEW_PLANT);
