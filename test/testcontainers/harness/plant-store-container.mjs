// Drives plant-store-sdk/testcontainers (dist/, through the package's own exports) as a user's
// suite would. Testcontainers 12 needs Node 22.22 or newer, so plant-store-container.test.ts
// runs this under the Node 24 of test-tools/ and checks what it saw: the last line is
// `REPORT <json>`, one entry per step, a step that threw recorded as { error, message }.
//   node plant-store-container.mjs
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { createPlantStoreClient } from "plant-store-sdk";
import { PlantStoreContainer } from "plant-store-sdk/testcontainers";
import { GenericContainer } from "testcontainers";

const docker = async (...args) => (await promisify(execFile)("docker", args)).stdout.trim();
const report = {};
const failure = (error) => ({ error: error.constructor.name, message: error.message });
async function step(name, run) {
  try {
    report[name] = await run();
  } catch (error) {
    report[name] = failure(error);
  }
}
/** What a call threw, or "returned" when it threw nothing. */
const thrown = (call) => {
  try {
    call();
    return "returned";
  } catch (error) {
    return failure(error);
  }
};
const listWith = async (baseUrl, token) => {
  const answer = await fetch(`${baseUrl}/plants`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: answer.status, body: await answer.json() };
};
/** Whether the engine still has a container with this id, running or not. */
const exists = async (id) =>
  (await docker("ps", "--all", "--quiet", "--no-trunc", "--filter", `id=${id}`)) !== "";

await step("entries", () => {
  const required = createRequire(import.meta.url)("plant-store-sdk/testcontainers");
  return {
    esm: new PlantStoreContainer() instanceof GenericContainer,
    cjs: new required.PlantStoreContainer() instanceof GenericContainer,
  };
});

// Each option is checked when it is given, before anything starts.
await step("checks", () => {
  const fresh = () => new PlantStoreContainer();
  return {
    image: thrown(() => new PlantStoreContainer("")),
    emptyToken: thrown(() => fresh().withToken("")),
    secondTokenSpaced: thrown(() => fresh().withToken("fine-token", "not a token")),
    sandboxToken: thrown(() => fresh().withToken("psb_0123456789abcdefghijkl")),
    negativeCount: thrown(() => fresh().withGenerate(-1)),
    fractionalCount: thrown(() => fresh().withGenerate(1.5)),
    textCount: thrown(() => fresh().withGenerate("50")),
    tooMany: thrown(() => fresh().withGenerate(1_000_001)),
    negativeSeed: thrown(() => fresh().withGenerate(5, { seed: -1 })),
    unknownOption: thrown(() => fresh().withGenerate(5, { sed: 1 })),
    optionsNotObject: thrown(() => fresh().withGenerate(5, null)),
    seedNotArray: thrown(() => fresh().withSeed({ name: "Ivy" })),
    seedItem: thrown(() => fresh().withSeed([{ name: "Ivy" }, { tag: "vine" }])),
    seedDuplicate: thrown(() =>
      fresh().withSeed([
        { name: "A", id: 3 },
        { name: "B", id: 3 },
      ]),
    ),
    fine: thrown(() => fresh().withToken("t1", "t2").withGenerate(0, { seed: 0 }).withSeed([])),
  };
});

await step("defaults", async () => {
  const started = performance.now();
  const store = await new PlantStoreContainer().start();
  const startMs = Math.round(performance.now() - started);
  try {
    // The first call right after start(), with no retry: the wait strategy waited for the server.
    const plants = await store.client({ retries: 0 }).listPlants();
    return {
      startMs,
      baseUrl: store.baseUrl,
      image: await docker("inspect", "--format", "{{.Config.Image}}", store.getId()),
      plants,
      admin: thrown(() => store.admin()),
    };
  } finally {
    await store.stop();
  }
});

await step("configured", async () => {
  const store = await new PlantStoreContainer()
    .withToken("test-token", "second-token")
    .withGenerate(50, { seed: 7 })
    .withSeed([{ name: "Ivy", tag: "vine" }])
    .withAdmin()
    .withCommand(["--create-status", "200"])
    .start();
  const id = store.getId();
  try {
    const seen = [];
    const spy = (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    };
    const client = store.client({ fetch: spy });
    const created = await client.createPlant({ name: "Fern" });
    const viaClient = await client.listPlants();
    const admin = store.admin();
    const journal = (await admin.requests()).map((entry) => `${entry.method} ${entry.status}`);
    await admin.reset();
    const sameAsClient = createPlantStoreClient({ baseUrl: store.baseUrl, token: "test-token" });
    return {
      created,
      viaClient,
      seen,
      journal,
      afterReset: await sameAsClient.listPlants(),
      secondToken: (await store.client({ token: "second-token" }).listPlants()).length,
      demoToken: (await listWith(store.baseUrl, "plant-store-demo-token")).status,
      command: await docker("inspect", "--format", "{{json .Config.Cmd}}", id),
    };
  } finally {
    await store.stop();
    report.removedAfterStop = !(await exists(id));
  }
});

await step("namedImage", async () => {
  const name = "plant-store-mock:testcontainers-named";
  await docker("tag", `plant-store-mock:${process.env.PLANT_STORE_VERSION}`, name);
  try {
    const store = await new PlantStoreContainer(name).start();
    try {
      return {
        image: await docker("inspect", "--format", "{{.Config.Image}}", store.getId()),
        status: (await listWith(store.baseUrl, "plant-store-demo-token")).status,
      };
    } finally {
      await store.stop();
    }
  } finally {
    await docker("rmi", name);
  }
});

await step("failedStart", async () => {
  const started = performance.now();
  const outcome = await new PlantStoreContainer()
    .withCommand(["--port", "http"])
    .start()
    .then((store) => store.stop().then(() => "started"), failure);
  return { outcome, ms: Math.round(performance.now() - started) };
});

// Nothing Testcontainers started is left behind, the failed start included.
await step("leftovers", () =>
  docker("ps", "--all", "--quiet", "--filter", "label=org.testcontainers=true"),
);

console.log(`REPORT ${JSON.stringify(report)}`);
