// The checks that create plants (only with allowWrites): a create lands whole and once, a
// refused one stores nothing, and a second token never sees the first token's plant.
import type { Plant } from "../../contract/plant-types.js";
import { PlantStoreVerifyError } from "../errors/PlantStoreVerifyError.js";
import { type CheckDefinition, expectErrorAnswer, isSuccess, NEEDS_WRITES } from "./check.js";
import { expectPlants } from "./read-checks.js";

const TAG = "plant-store-verify";

const needsWrites = (context: { allowWrites: boolean }) =>
  context.allowWrites ? undefined : NEEDS_WRITES;

const create: CheckDefinition = {
  id: "create",
  title: "create a plant",
  skipReason: needsWrites,
  async run(context, findings) {
    const sent = { name: context.marker, tag: TAG };
    const exchange = await context.client.send(findings, { operation: "createPlant", body: sent });
    if (!exchange) return "";
    if (!isSuccess(exchange)) {
      findings.violation(`${exchange.label} rejected a valid create with ${exchange.status}`);
      return "";
    }
    context.createdName = sent.name;
    if (exchange.status === 200) {
      findings.difference(
        `${exchange.label} answered 200; the reference server answers 201 (openapi.yaml allows both)`,
      );
    }
    const plant = exchange.body as Plant;
    if (exchange.conforms && (plant.name !== sent.name || plant.tag !== sent.tag)) {
      findings.difference(`${exchange.label} answered a plant other than the one sent`);
    }
    return `201, the plant as sent, without id`;
  },
};

const createdIsListed: CheckDefinition = {
  id: "create-listed",
  title: "the created plant is in its creator's list",
  skipReason: (context) =>
    needsWrites(context) ??
    (context.createdName && context.visible ? undefined : "needs a successful list and create"),
  async run(context, findings) {
    const exchange = await context.client.send(findings, { operation: "listPlants" });
    const plants = expectPlants(findings, exchange);
    if (!exchange || !plants) return "";
    const positions = plants.flatMap((plant, index) =>
      plant.name === context.createdName ? [index] : [],
    );
    const before = context.visible?.length ?? 0;
    // openapi.yaml: "Every create either lands whole or fails whole". An acknowledged create
    // missing from its creator's list was lost; one listed twice was stored twice.
    if (positions.length === 0) {
      findings.violation(
        `${exchange.label} does not list the plant whose create was acknowledged: it was never stored`,
      );
    } else if (positions.length > 1) {
      findings.violation(
        `${exchange.label} lists the created plant ${positions.length} times: one create stored several plants`,
      );
    } else if ((positions[0] ?? 0) < before) {
      findings.difference(`${exchange.label} lists the created plant before older plants`);
    }
    return `listed once, without id, after the ${before} plants seen before`;
  },
};

function rejectsBody(id: string, title: string, body: (tag: string) => object): CheckDefinition {
  return {
    id,
    title,
    skipReason: needsWrites,
    async run(context, findings) {
      // A unique tag finds the plant again if the service created it anyway.
      const tag = `${context.marker} ${id}`;
      const exchange = await context.client.send(findings, {
        operation: "createPlant",
        body: body(tag),
      });
      if (!exchange) return "";
      const accepted = isSuccess(exchange);
      if (accepted) {
        findings.difference(
          `${exchange.label} accepted it (${exchange.status}); the reference server answers 400`,
        );
      } else {
        expectErrorAnswer(findings, exchange, { status: 400, field: "name", names: /name/i });
      }
      const listed = await context.client.send(findings, { operation: "listPlants" });
      const after = expectPlants(findings, listed);
      // A refused create must fail whole (openapi.yaml), so a plant it left behind breaks it.
      if (!accepted && after?.some((plant) => plant.tag === tag)) {
        findings.violation(`${exchange.label} answered ${exchange.status} but created the plant`);
      }
      return "400, Error body naming name, nothing created";
    },
  };
}

const isolation: CheckDefinition = {
  id: "isolation",
  title: "a second token never sees the first token's plant",
  skipReason: (context) =>
    context.secondToken === undefined
      ? `needs a second token (--second-token)${context.allowWrites ? "" : " and --allow-writes"}`
      : (needsWrites(context) ?? (context.createdName ? undefined : "needs a successful create")),
  async run(context, findings) {
    const exchange = await context.client.send(findings, {
      operation: "listPlants",
      authorization: `Bearer ${context.secondToken}`,
    });
    if (exchange?.status === 401) {
      throw new PlantStoreVerifyError(
        "token-rejected",
        `the service rejected the second token (${exchange.label} answered 401)`,
      );
    }
    const plants = expectPlants(findings, exchange);
    // openapi.yaml: a caller sees the public plants and its own, "never another token's".
    if (plants?.some((plant) => plant.name === context.createdName)) {
      findings.violation(`${exchange?.label} with the second token lists the first token's plant`);
    }
    return "the second token's list does not contain it";
  },
};

export const writeChecks: readonly CheckDefinition[] = [
  create,
  createdIsListed,
  rejectsBody("create-without-name", "create without name", (tag) => ({ tag })),
  rejectsBody("create-empty-name", "create with an empty name", (tag) => ({ name: "", tag })),
  isolation,
];
