import { randomBytes } from "node:crypto";
import type { CheckDefinition } from "./check.js";
import { expectBearerChallenge, expectErrorAnswer, isSuccess } from "./contract-decisions.js";

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
