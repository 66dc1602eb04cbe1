// A script with a 30 s delay pending in a sandbox: its close() ends it, and the process exits.
import { createPlantStoreFetchHandler } from "../../../src/mock/index.js";

const handle = createPlantStoreFetchHandler();
const sandbox = handle.createSandbox();
sandbox.delayNext("listPlants", 30_000);
const request = new Request("http://exit.test/plants", {
  headers: { authorization: `Bearer ${sandbox.token}` },
});
const pending = handle(request).then(
  (response) => response.status,
  () => "dropped",
);
sandbox.close();
console.log(await pending);
