// What the shadow proxy reports, as openapi.admin.yaml describes it: one shape in process
// (`server.shadowSummary()`), over GET /__admin/shadow and in the admin client's `shadow()`.
import type { components } from "./generated/openapi-admin.js";

/**
 * What the shadow proxy found: how many API requests it forwarded, how many the deployment
 * never answered or answered brokenly, each kind of violation and divergence with how often it
 * was seen and the first request that showed it, and the answers it passed on uncompared.
 */
export type ShadowSummary = components["schemas"]["ShadowSummary"];

/** One kind of finding in the summary, its count and the first request that showed it. */
export type ShadowSummaryItem = components["schemas"]["ShadowSummaryItem"];
