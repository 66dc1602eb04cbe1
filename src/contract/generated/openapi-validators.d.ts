// Generated from openapi.yaml by scripts/generate-contract.ts (npm run generate).
// Do not edit: change openapi.yaml and regenerate.

/** One way a body breaks its schema (the fields of Ajv's ErrorObject). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Checks a parsed JSON body; when it answers false, `errors` says why. */
export interface BodyValidator {
  (body: unknown): boolean;
  errors?: SchemaError[] | null;
}

/**
 * For each operation, each response key openapi.yaml declares (a status, a range such as
 * "4XX", or "default"), the validator of each media type it declares (none: no body).
 */
export declare const responseValidators: {
  readonly "listPlants": {
    readonly "200": {
      readonly "application/json": BodyValidator,
    },
    readonly "400": {
      readonly "application/json": BodyValidator,
    },
    readonly "401": {
      readonly "application/json": BodyValidator,
    },
    readonly "default": {
      readonly "application/json": BodyValidator,
    },
  },
  readonly "createPlant": {
    readonly "200": {
      readonly "application/json": BodyValidator,
    },
    readonly "201": {
      readonly "application/json": BodyValidator,
    },
    readonly "400": {
      readonly "application/json": BodyValidator,
    },
    readonly "401": {
      readonly "application/json": BodyValidator,
    },
    readonly "409": {
      readonly "application/json": BodyValidator,
    },
    readonly "413": {
      readonly "application/json": BodyValidator,
    },
    readonly "415": {
      readonly "application/json": BodyValidator,
    },
    readonly "default": {
      readonly "application/json": BodyValidator,
    },
  },
};

/** `info.version` of the openapi.yaml these validators were generated from. */
export declare const specVersion: "1.0.0";
