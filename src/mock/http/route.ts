// The API's route: one path, `{basePath}/plants`, with its two operations. What the journal
// files a request under is decided here, by method and path alone; anything else is the
// contract's 404 (another path) or 405 with `Allow` (another method).

import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { errorAnswer } from "./json-answers.js";

/** The methods the plants path takes, as every 405 (and a scripted one) says. */
export const ALLOW = { allow: "GET, POST" };

export interface Route {
  /** The operation a request is, by its method and path alone, or `null`. */
  operationOf(method: string, path: string): PlantStoreOperation | null;
  /** The 404 or 405 of a request of no operation; `shownMethod`: its method, redacted if need be. */
  refusal(path: string, shownMethod: string): CoreAnswer;
  /** The path beneath the base path ("/v1/plants" -> "/plants", "/v1" -> "/"); `undefined` outside it. */
  beneath(path: string): string | undefined;
}

export function createRoute(basePath: string, headers: HeaderRecord): Route {
  const plantsPath = `${basePath}/plants`;
  const notFound = `The request path is not part of the Plant Store API; use ${plantsPath}.`;
  return {
    operationOf(method, path) {
      if (path !== plantsPath) return null;
      return method === "GET" ? "listPlants" : method === "POST" ? "createPlant" : null;
    },
    refusal(path, shownMethod) {
      if (path !== plantsPath) return errorAnswer(404, notFound, headers);
      const message = `The ${shownMethod} method is not allowed on ${plantsPath}; use GET or POST.`;
      return errorAnswer(405, message, headers, ALLOW);
    },
    beneath(path) {
      if (basePath === "") return path;
      if (path === basePath) return "/";
      return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined;
    },
  };
}
