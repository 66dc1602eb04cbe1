// The @tanstack/query-core peer range of plant-store-sdk/tanstack-query, proven on the packed
// package: Vue Query 5.104 (which pins query-core 5.104) installs beside it without a peer
// conflict and types the tagged keys; the lowest query-core the range admits (5.89.0) hands the
// mutation the QueryClient that createPlant() invalidates through, and the release before it
// does not, which is why the range starts there. Uses the dist/ that `npm test` builds first.
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

const LOWEST = "5.89.0";
const BEFORE_LOWEST = "5.87.4"; // the release before 5.89.0 (there is no 5.88)
const VUE_QUERY = "5.104.0";
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

const cleanup: string[] = [];
let tarball: string;
beforeAll(async () => {
  tarball = await packPackage();
  cleanup.push(dirname(tarball));
}, 30_000);
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

async function project(packages: string[]): Promise<string> {
  const dir = await createConsumerProject([tarball, ...packages]);
  cleanup.push(dir);
  return dir;
}

/** Creates a plant with createPlant()'s options in query-core's own QueryClient; prints JSON. */
const createThenReadState = `
import { QueryClient } from "@tanstack/query-core";
import { createPlantStoreClient } from "plant-store-sdk";
import { createPlantStoreQueries } from "plant-store-sdk/tanstack-query";

const fetch = async (request) =>
  request.method === "GET"
    ? Response.json([{ name: "Fern" }])
    : Response.json({ name: "Ivy" }, { status: 201 });
const client = createPlantStoreClient({ baseUrl: "https://api.example.com", token: "t", fetch });
const queries = createPlantStoreQueries(client);
const queryClient = new QueryClient();
await queryClient.fetchQuery(queries.listPlants());
const create = queryClient.getMutationCache().build(queryClient, queries.createPlant());
const outcome = await create.execute({ name: "Ivy" }).then(
  (plant) => ({ plant }),
  (error) => ({ error: error.constructor.name }),
);
const invalidated = queryClient.getQueryState(queries.listPlants().queryKey).isInvalidated;
console.log(JSON.stringify({ ...outcome, invalidated }));
`;

describe("the @tanstack/query-core peer range", () => {
  it.concurrent(`admits Vue Query ${VUE_QUERY}, whose pinned query-core types the keys`, async () => {
    const dir = await project([`@tanstack/vue-query@${VUE_QUERY}`, "vue@3"]);
    const { stdout } = await run("npm", ["ls", "@tanstack/query-core", "--json"], { cwd: dir });
    const tree = JSON.parse(stdout) as {
      dependencies: Record<string, { dependencies?: Record<string, { version: string }> }>;
    };
    expect(
      tree.dependencies["@tanstack/vue-query"]?.dependencies?.["@tanstack/query-core"],
    ).toMatchObject({
      version: VUE_QUERY,
    });
    writeFileSync(
      join(dir, "consumer.ts"),
      `import { QueryClient, useQuery } from "@tanstack/vue-query";
import { createPlantStoreClient, type Plant } from "plant-store-sdk";
import { createPlantStoreQueries } from "plant-store-sdk/tanstack-query";

const queries = createPlantStoreQueries(createPlantStoreClient({ baseUrl: "https://a.example", token: "t" }));
export const data: Plant[] | undefined = new QueryClient().getQueryData(queries.listPlants().queryKey);
// @ts-expect-error: the tag says what the key holds
export const wrong: string | undefined = new QueryClient().getQueryData(queries.listPlants().queryKey);
export const list = useQuery(queries.listPlants());
export const plants: Plant[] | undefined = list.data.value;
`,
    );
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2022", "dom"],
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["consumer.ts"],
      }),
    );
    await expect(run(process.execPath, [tsc, "-p", dir])).resolves.toMatchObject({ stdout: "" });
  }, 120_000);

  it.concurrent(`starts at ${LOWEST}, where mutations get the QueryClient, and ${BEFORE_LOWEST} does not`, async () => {
    const [lowest, before] = await Promise.all([
      project([`@tanstack/query-core@${LOWEST}`]),
      project([`@tanstack/query-core@${BEFORE_LOWEST}`, "--legacy-peer-deps"]),
    ]);
    for (const dir of [lowest, before]) writeFileSync(join(dir, "create.mjs"), createThenReadState);
    const ran = async (dir: string) =>
      JSON.parse((await run(process.execPath, ["create.mjs"], { cwd: dir })).stdout);
    expect(await ran(lowest)).toEqual({ plant: { name: "Ivy" }, invalidated: true });
    expect(await ran(before)).toEqual({ error: "TypeError", invalidated: false });
  }, 120_000);
});
