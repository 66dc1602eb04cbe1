/**
 * The bearer token the standalone server accepts when it is given none. It is public on
 * purpose (printed in the start banner and in docs/server.md): the server must never run open,
 * yet `npm start` has to work without any setup.
 */
export const DEMO_TOKEN = "plant-store-demo-token";
