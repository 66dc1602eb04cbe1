// The ceiling: plain node:http answering the bytes our server sends, pre-serialised, with no
// routing, auth, validation or store; a POST body is read and parsed, as any server that
// stores what it is sent must. Prints its URL when listening; SIGTERM ends it.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NEW_PLANT_JSON, TEN_PLANTS_JSON } from "../lib/fixtures.js";

/** An answer as bytes, with Content-Length as our server sends it (else Node would chunk). */
function answer(status: number, json: string) {
  const body = Buffer.from(json);
  const headers = { "content-type": "application/json", "content-length": body.byteLength };
  return (response: ServerResponse) => response.writeHead(status, headers).end(body);
}
const listed = answer(200, TEN_PLANTS_JSON);
const created = answer(201, NEW_PLANT_JSON);

const server = createServer((request, response) => {
  if (request.method !== "POST") return listed(response);
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    JSON.parse(Buffer.concat(chunks).toString());
    created(response);
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
