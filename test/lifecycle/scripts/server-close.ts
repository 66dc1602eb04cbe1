// A script with a 30 s delay pending on the Node server: `await server.close()` ends it, and the
// process exits at once. It prints what the held list got and what the journal says of it.
import { connect } from "node:net";
import { startPlantStoreServer } from "../../../src/server/index.js";

const server = await startPlantStoreServer({ tokens: ["t"] });
server.delayNext("listPlants", 30_000);
const { hostname, port } = new URL(server.url);
const socket = connect(Number(port), hostname);
const answer = new Promise<string>((resolve) => {
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("close", () => resolve(received === "" ? "dropped" : received));
});
// A marker pipelined behind the held list: once it is listed, the list has arrived.
const head = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer t\r\n\r\n`;
socket.write(head("/plants") + head("/plants?limit=0"));
while (server.requests().length === 0) await new Promise((resolve) => setImmediate(resolve));
await server.close();
console.log(await answer, server.requests()[0]?.status);
