// The few Workers types this example uses. In your own project `npx wrangler types`
// generates the complete set from wrangler.jsonc.

export interface Env {
  PLANT_STORE: DurableObjectNamespace;
  /** Comma-separated bearer tokens (a secret: `wrangler secret put PLANT_STORE_TOKENS`). */
  PLANT_STORE_TOKENS?: string;
}

export interface DurableObjectNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): { fetch(request: Request): Promise<Response> };
}

export type DurableObjectId = object;

export interface DurableObjectState {
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
  };
}
