// A script with a 30 s delay pending on the fetch handler: clearFaults() ends it, and the
// process exits at once (the parent test kills it after 10 s).
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const handle = createPlantStoreFetchHandler();
handle.delayNext("listPlants", 30_000);
const request = new Request("http://exit.test/plants", { headers: { authorization: "Bearer t" } });
const pending = handle(request).then(
  (response) => response.status,
  () => "dropped",
);
// A list is decided as the handler is called: the delay is taken and waits.
handle.clearFaults();
console.log(await pending);
