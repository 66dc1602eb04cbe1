// A script with a 30 s delay pending on the MSW handler set: reset() ends it, and once MSW is
// closed the process exits at once.
import { setupServer } from "msw/node";
import { createPlantStoreHandlers } from "../../../src/msw/index.js";

const plantStore = createPlantStoreHandlers({ baseUrl: "http://exit-msw.test" });
const server = setupServer(...plantStore.handlers);
server.listen({ onUnhandledRequest: "error" });
plantStore.delayNext("listPlants", 30_000);
const pending = fetch("http://exit-msw.test/plants", {
  headers: { authorization: "Bearer t" },
}).then(
  (response) => response.status,
  () => "dropped",
);
// Through MSW's interception the request takes a few turns to reach the handler.
while (process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length === 0) {
  await new Promise((resolve) => setImmediate(resolve));
}
plantStore.reset();
console.log(await pending);
server.close();
