// The checks that only read (GET /plants): the list and its limit, and the refusals of
// missing or wrong credentials. They run on every deployment, writes allowed or not.
import { randomBytes } from "node:crypto";
import type { Plant } from "../../contract/plant-types.js";
import { PlantStoreVerifyError } from "../errors/PlantStoreVerifyError.js";
import type { Exchange } from "../exchange.js";
import {
  type CheckDefinition,
  expectBearerChallenge,
  expectErrorAnswer,
  type Findings,
  isSuccess,
} from "./check.js";

/** The plants of a 200 answer that matched openapi.yaml, else undefined. */
function plantsOf(exchange: Exchange | undefined): Plant[] | undefined {
  if (!exchange?.conforms || exchange.status !== 200 || !Array.isArray(exchange.body)) return;
  return exchange.body as Plant[];
}

/** The plants of a list that must succeed; any other status is a violation. */
export function expectPlants(
  findings: Findings,
  exchange: Exchange | undefined,
): Plant[] | undefined {
  if (exchange && exchange.status !== 200) {
    findings.violation(`${exchange.label} answered ${exchange.status} to a valid request, not 200`);
  }
  return plantsOf(exchange);
}

const samePlant = (a: Plant | undefined, b: Plant | undefined) =>
  a?.name === b?.name && a?.tag === b?.tag;

const list: CheckDefinition = {
  id: "list",
  title: "list without limit",
  async run(context, findings) {
    const exchange = await context.client.send(findings, { operation: "listPlants" });
    if (!exchange) return "";
    if (exchange.status === 401) {
      throw new PlantStoreVerifyError(
        "token-rejected",
        `the service rejected the token (${exchange.label} answered 401)`,
      );
    }
    context.visible = expectPlants(findings, exchange);
    return `200, ${context.visible?.length} plants, each a valid Plant`;
  },
};

const listWithLimit: CheckDefinition = {
  id: "list-limit",
  title: "list with limit",
  skipReason: (context) => (context.visible ? undefined : "needs a successful plain list"),
  async run(context, findings) {
    const visible = context.visible ?? [];
    // Below the full length when possible, so that the cap has something to cut.
    const limit = Math.max(1, Math.min(visible.length - 1, 5));
    const exchange = await context.client.send(findings, {
      operation: "listPlants",
      query: `limit=${limit}`,
    });
    const plants = expectPlants(findings, exchange);
    if (!exchange || !plants) return "";
    const expected = Math.min(limit, visible.length);
    if (plants.length > limit) {
      findings.violation(`${exchange.label} returned ${plants.length} plants, more than the limit`);
    } else if (plants.length < expected) {
      findings.difference(`${exchange.label} returned ${plants.length} plants, not ${expected}`);
    } else if (!plants.every((plant, index) => samePlant(plant, visible[index]))) {
      findings.difference(
        `${exchange.label} did not return the first ${limit} plants of the full list (oldest first)`,
      );
    }
    return `limit=${limit}: the first ${plants.length} plants of the full list`;
  },
};

const listWithLimitZero: CheckDefinition = {
  id: "list-limit-zero",
  title: "list with limit=0",
  async run(context, findings) {
    const exchange = await context.client.send(findings, {
      operation: "listPlants",
      query: "limit=0",
    });
    if (!exchange) return "";
    const plants = plantsOf(exchange);
    if (plants && plants.length > 0) {
      findings.violation(`${exchange.label} returned ${plants.length} plants, more than the limit`);
    } else if (!isSuccess(exchange)) {
      findings.difference(
        `${exchange.label} answered ${exchange.status}; the reference server answers 200 with []`,
      );
    }
    return "200 with []";
  },
};

function rejectsLimit(id: string, value: string, what: string): CheckDefinition {
  return {
    id,
    title: `list with limit=${value} (${what})`,
    async run(context, findings) {
      const exchange = await context.client.send(findings, {
        operation: "listPlants",
        query: `limit=${value}`,
      });
      if (!exchange) return "";
      if (isSuccess(exchange)) {
        findings.difference(
          `${exchange.label} was accepted (${exchange.status}); the reference server answers 400`,
        );
      } else {
        expectErrorAnswer(findings, exchange, { status: 400, field: "limit", names: /limit/i });
      }
      return "400, Error body naming limit";
    },
  };
}

export const listChecks: readonly CheckDefinition[] = [
  list,
  listWithLimit,
  listWithLimitZero,
  rejectsLimit("list-limit-negative", "-1", "negative"),
  rejectsLimit("list-limit-too-large", "2147483648", "above int32"),
  rejectsLimit("list-limit-not-a-number", "abc", "not a number"),
];

interface AuthCase {
  id: string;
  title: string;
  authorization: string | null;
  /** A token was present but is not one the service accepts. */
  tokenWasSent: boolean;
}

function rejectsCredentials(authCase: AuthCase): CheckDefinition {
  return {
    id: authCase.id,
    title: authCase.title,
    async run(context, findings) {
      const exchange = await context.client.send(findings, {
        operation: "listPlants",
        authorization: authCase.authorization,
      });
      if (!exchange) return "";
      if (isSuccess(exchange)) {
        // openapi.yaml requires a bearer token on every operation; which tokens a deployment
        // accepts is its own business, so a made-up one being accepted is only a difference.
        const message = `${exchange.label} was answered ${exchange.status} (${authCase.title})`;
        if (authCase.tokenWasSent) findings.difference(message);
        else findings.violation(`${message}; openapi.yaml requires a bearer token`);
        return "";
      }
      expectErrorAnswer(findings, exchange, {
        status: 401,
        field: "the Authorization header or token",
        names: /authorization|bearer|token/i,
      });
      expectBearerChallenge(findings, exchange, authCase.tokenWasSent);
      return `401, Error body, WWW-Authenticate: Bearer${authCase.tokenWasSent ? " (invalid_token)" : ""}`;
    },
  };
}

export function authChecks(): CheckDefinition[] {
  // Made up per run, so it cannot be a token the deployment happens to accept.
  const wrongToken = `plant-store-verify-wrong-${randomBytes(12).toString("hex")}`;
  return [
    {
      id: "auth-missing",
      title: "no Authorization header",
      authorization: null,
      tokenWasSent: false,
    },
    {
      id: "auth-other-scheme",
      title: "Basic instead of Bearer",
      authorization: "Basic cGxhbnQtc3RvcmUtdmVyaWZ5Ondyb25n",
      tokenWasSent: false,
    },
    {
      id: "auth-empty-bearer",
      title: "Bearer with an empty token",
      authorization: "Bearer ",
      tokenWasSent: false,
    },
    {
      id: "auth-wrong-token",
      title: "a token the service does not accept",
      authorization: `Bearer ${wrongToken}`,
      tokenWasSent: true,
    },
  ].map(rejectsCredentials);
}
