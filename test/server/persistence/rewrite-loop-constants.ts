// Shared by rewrite-loop-child.ts and the test that kills it (importing the child would run it).
export const CHILD_TOKEN = "rewrite-child-token";
export const GENERATION_SIZE = 50_000;
