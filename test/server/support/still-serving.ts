// The follow-up every hostile-input test ends with: whatever the previous request did, a
// plain list on a fresh connection must still be answered.
import { expect } from "vitest";

export async function expectStillServing(baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/plants`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(Array.isArray(await response.json())).toBe(true);
}
