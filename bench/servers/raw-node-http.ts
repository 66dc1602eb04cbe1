// The ceiling: plain node:http answering pre-serialised bytes, the same bodies our server
// sends, with no routing, auth, validation or store (a POST body is read and parsed). Nothing serving this API over Node's
// HTTP stack can be faster. Prints its URL on stdout when listening.
import { createServer } from "node:http";
import { NEW_PLANT_JSON, TEN_PLANTS_JSON } from "../lib/fixtures.js";

const listBody = Buffer.from(TEN_PLANTS_JSON);
const createdBody = Buffer.from(NEW_PLANT_JSON);
// Content-Length as our server sends it (without it Node would answer chunked).
const listHeaders = { "content-type": "application/json", "content-length": listBody.byteLength };
const createdHeaders = {
  "content-type": "application/json",
  "content-length": createdBody.byteLength,
};

const server = createServer((request, response) => {
  if (request.method === "POST") {
    // Read and parse the whole body, as any server that stores what it was sent must.
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(201, createdHeaders);
      response.end(createdBody);
    });
    return;
  }
  response.writeHead(200, listHeaders);
  response.end(listBody);
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
