// What the landing page shows, read from openapi.yaml (through its generated module, so the
// core needs no file system and no YAML parser): the operations with their parameters, bodies
// and responses, and the schemas they use. A change to openapi.yaml changes the page.
import { openApiDocument } from "../../contract/generated/openapi-document.js";

export interface SchemaRef {
  /** "Plant", "array of Plant", "integer (int32)"... */
  label: string;
  /** The component schema it points to, for a link. */
  component?: string;
}

interface ParameterDescription {
  name: string;
  in: string;
  required: boolean;
  schema: SchemaRef;
  description: string;
}

interface ResponseDescription {
  status: string;
  description: string;
  schema?: SchemaRef;
}

export interface OperationDescription {
  id: string;
  method: string;
  /** As in openapi.yaml, without the server's base path: "/plants". */
  path: string;
  summary: string;
  description: string;
  parameters: ParameterDescription[];
  requestBody?: { description: string; required: boolean; schema?: SchemaRef };
  responses: ResponseDescription[];
}

interface PropertyDescription {
  name: string;
  required: boolean;
  schema: SchemaRef;
  description: string;
}

export interface SchemaDescription {
  name: string;
  description: string;
  properties: PropertyDescription[];
}

export interface ApiDescription {
  title: string;
  version: string;
  summary: string;
  description: string;
  operations: OperationDescription[];
  schemas: SchemaDescription[];
}

// The document's shape as far as the page reads it; the generated constant is much narrower.
interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  items?: Schema;
  description?: string;
  required?: readonly string[];
  properties?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
}
interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: readonly {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: Schema;
  }[];
  requestBody?: {
    description?: string;
    required?: boolean;
    content?: Record<string, { schema?: Schema }>;
  };
  responses: Record<string, Response>;
}
interface Document {
  info: { title: string; version: string; summary?: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; schemas: Record<string, Schema> };
}

const METHODS = ["get", "put", "post", "delete", "patch"];

export function describeApi(
  document: Document = openApiDocument as unknown as Document,
): ApiDescription {
  const operations: OperationDescription[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation !== undefined)
        operations.push(describeOperation(document, path, method, operation));
    }
  }
  const schemas = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    description: schema.description ?? "",
    properties: Object.entries(schema.properties ?? {}).map(([property, propertySchema]) => ({
      name: property,
      required: schema.required?.includes(property) ?? false,
      schema: schemaRef(propertySchema),
      description: propertySchema.description ?? "",
    })),
  }));
  return {
    title: document.info.title,
    version: document.info.version,
    summary: document.info.summary ?? "",
    description: document.info.description ?? "",
    operations,
    schemas,
  };
}

function describeOperation(
  document: Document,
  path: string,
  method: string,
  operation: Operation,
): OperationDescription {
  const body = operation.requestBody;
  const bodySchema = body?.content?.["application/json"]?.schema;
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? "",
    description: operation.description ?? "",
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? false,
      schema: schemaRef(parameter.schema ?? {}),
      description: parameter.description ?? "",
    })),
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            description: body.description ?? "",
            required: body.required ?? false,
            ...(bodySchema === undefined ? {} : { schema: schemaRef(bodySchema) }),
          },
        }),
    responses: Object.entries(operation.responses).map(([status, declared]) => {
      const response = resolveResponse(document, declared);
      const schema = response.content?.["application/json"]?.schema;
      return {
        status,
        description: response.description ?? "",
        ...(schema === undefined ? {} : { schema: schemaRef(schema) }),
      };
    }),
  };
}

function resolveResponse(document: Document, response: Response): Response {
  const name = response.$ref?.split("/").pop();
  return name === undefined ? response : (document.components.responses[name] ?? response);
}

function schemaRef(schema: Schema): SchemaRef {
  const component = schema.$ref?.split("/").pop();
  if (component !== undefined) return { label: component, component };
  if (schema.type === "array" && schema.items !== undefined) {
    const items = schemaRef(schema.items);
    return { ...items, label: `array of ${items.label}` };
  }
  const facts = [
    schema.format,
    schema.minimum === undefined ? undefined : `min ${schema.minimum}`,
    schema.maximum === undefined ? undefined : `max ${schema.maximum}`,
    schema.minLength === undefined ? undefined : `min length ${schema.minLength}`,
  ].filter((fact) => fact !== undefined);
  const type = schema.type ?? "any";
  return { label: facts.length === 0 ? type : `${type} (${facts.join(", ")})` };
}
