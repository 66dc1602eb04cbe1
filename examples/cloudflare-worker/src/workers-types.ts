// The few Workers types this example uses. In your own project `npx wrangler types`
// generates the complete set from wrangler.jsonc.

export interface Env {
  PLANT_STORE: DurableObjectNamespace;
  SANDBOXES: DurableObjectNamespace;
  /** Comma-separated bearer tokens (a secret: `wrangler secret put PLANT_STORE_TOKENS`). */
  PLANT_STORE_TOKENS?: string;
  /** Opens the sandbox endpoints (a secret: `wrangler secret put PLANT_STORE_ADMIN_TOKEN`). */
  PLANT_STORE_ADMIN_TOKEN?: string;
}

export interface DurableObjectNamespace {
  idFromName(name: string): DurableObjectId;
  /** Throws when `id` is not an id of this namespace. */
  idFromString(id: string): DurableObjectId;
  newUniqueId(): DurableObjectId;
  get(id: DurableObjectId): DurableObjectStub;
}

export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
}

export interface DurableObjectId {
  toString(): string;
}

export interface DurableObjectState {
  readonly id: DurableObjectId;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
    deleteAlarm(): Promise<void>;
  };
}

declare global {
  interface SubtleCrypto {
    /** Workers only: compares two buffers of equal length in constant time. */
    timingSafeEqual(a: ArrayBufferView | ArrayBuffer, b: ArrayBufferView | ArrayBuffer): boolean;
  }
}
