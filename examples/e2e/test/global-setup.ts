// What the whole run shares, started once before any worker: the mock server (admin
// endpoints on) and the app's files. Their addresses reach every worker through the
// environment; the function returned stops both when the run ends.
import { serveApp } from "./app-server.js";
import { startMockServer } from "./mock-server.js";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const [app, mock] = await Promise.all([serveApp(), startMockServer(["--admin"])]);
  process.env.APP_URL = app.url;
  process.env.PLANT_STORE_URL = mock.url;
  return async () => {
    await mock.stop();
    await app.close();
  };
}
