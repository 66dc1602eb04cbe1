// The landing page's HTML: name and version, base URL, how to authenticate, every operation
// of openapi.yaml with its parameters, body, responses and a curl line, the schemas, a
// try-it that calls the API from the page, and the admin endpoints when they are on.
import { adminEndpoints } from "../../contract/generated/openapi-document.js";
import type {
  ApiDescription,
  OperationDescription,
  SchemaDescription,
  SchemaRef,
} from "./api-description.js";
import { escapeHtml as e, markdownToHtml } from "./html-text.js";
import { PAGE_STYLE, TRY_IT_SCRIPT } from "./page-assets.js";

interface PageContext {
  api: ApiDescription;
  /** As the server sees it from the Host header; the page's script corrects it to location. */
  baseUrl: string;
  basePath: string;
  /** Shown only when the server accepts the public demo token. */
  demoToken: string | undefined;
  /** The admin endpoints are on: the page lists them. */
  admin: boolean;
}

export function renderPage(context: PageContext): string {
  const { api, baseUrl, basePath } = context;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(api.title)} ${e(api.version)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main data-base-path="${e(basePath)}">
<header>
<h1>${e(api.title)}<span class="version">${e(api.version)}</span></h1>
<p class="lede">${e(api.summary)} This is the reference server of <code>plant-store-sdk</code>.</p>
</header>

<section aria-labelledby="base-url">
<h2 id="base-url">Base URL</h2>
<p><code data-base-url="${e(baseUrl)}">${e(baseUrl)}</code></p>
</section>

${renderAuthentication(context)}

${renderTryIt(context)}

<section aria-labelledby="about">
<h2 id="about">How it behaves</h2>
${markdownToHtml(api.description)}
</section>

<section aria-labelledby="operations">
<h2 id="operations">Operations</h2>
${api.operations.map((operation) => renderOperation(operation, context)).join("\n")}
</section>

<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${api.schemas.map(renderSchema).join("\n")}
</section>
${context.admin ? renderAdminEndpoints() : ""}
</main>
<script>${TRY_IT_SCRIPT}</script>
</body>
</html>
`;
}

function tokenForCurl(context: PageContext): string {
  return context.demoToken ?? "$TOKEN";
}

function renderAuthentication(context: PageContext): string {
  const which =
    context.demoToken === undefined
      ? `<p>This server accepts the tokens it was started with (<code>--token</code> or <code>PLANT_STORE_TOKENS</code>); they are not shown here. Set <code>TOKEN</code> to one of them to use the curl lines.</p>`
      : `<p>This server accepts the public demo token <code id="demo-token">${e(context.demoToken)}</code>: the curl lines and the try-it below use it.</p>`;
  return `<section aria-labelledby="authentication">
<h2 id="authentication">Authentication</h2>
<p>Every request carries <code>Authorization: Bearer &lt;token&gt;</code>. Without an accepted token the API answers <code>401</code> with the Error body and a <code>WWW-Authenticate</code> header.</p>
${which}
</section>`;
}

function schemaHtml(schema: SchemaRef | undefined): string {
  if (schema === undefined) return "";
  if (schema.component === undefined) return `<code>${e(schema.label)}</code>`;
  const link = `<a href="#schema-${e(schema.component)}">${e(schema.component)}</a>`;
  return `<code>${e(schema.label).replace(e(schema.component), link)}</code>`;
}

function curlLine(operation: OperationDescription, context: PageContext): string {
  const url = `${context.baseUrl}${operation.path}`;
  const auth = `-H "Authorization: Bearer ${tokenForCurl(context)}"`;
  if (operation.requestBody === undefined) {
    return `curl ${auth} ${operation.method === "GET" ? "" : `-X ${operation.method} `}${url}`;
  }
  const example = exampleBody(context, operation.requestBody.schema);
  return `curl -X ${operation.method} ${auth} -H "Content-Type: application/json" -d '${example}' ${url}`;
}

/** A body from the schema's examples; without `id`, which can be used only once. */
function exampleBody(context: PageContext, schema: SchemaRef | undefined): string {
  const described = context.api.schemas.find((candidate) => candidate.name === schema?.component);
  const body: Record<string, string> = {};
  for (const property of described?.properties ?? []) {
    if (property.schema.label.startsWith("string"))
      body[property.name] = EXAMPLES[property.name] ?? "example";
  }
  return JSON.stringify(body);
}

const EXAMPLES: Record<string, string> = { name: "Monstera", tag: "tropical" };

function renderOperation(operation: OperationDescription, context: PageContext): string {
  const parameters =
    operation.parameters.length === 0
      ? "<p>No parameters.</p>"
      : `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
${operation.parameters
  .map(
    (parameter) =>
      `<tr><td><code>${e(parameter.name)}</code></td><td>${e(parameter.in)}</td><td>${schemaHtml(parameter.schema)}</td><td>${parameter.required ? "yes" : "no"}</td><td>${markdownToHtml(parameter.description)}</td></tr>`,
  )
  .join("\n")}
</tbody></table>`;
  const body =
    operation.requestBody === undefined
      ? ""
      : `<h4>Request body</h4>
<p>${schemaHtml(operation.requestBody.schema)} as <code>application/json</code>${operation.requestBody.required ? " (required)" : ""}: ${e(operation.requestBody.description)}</p>`;
  const responses = `<table><thead><tr><th>Status</th><th>Body</th><th>Description</th></tr></thead><tbody>
${operation.responses
  .map(
    (response) =>
      `<tr><td><code>${e(response.status)}</code></td><td>${schemaHtml(response.schema)}</td><td>${markdownToHtml(response.description)}</td></tr>`,
  )
  .join("\n")}
</tbody></table>`;
  const path = `${context.basePath}${operation.path}`;
  return `<article class="operation" id="operation-${e(operation.id)}" aria-labelledby="operation-${e(operation.id)}-title">
<h3 id="operation-${e(operation.id)}-title"><span class="method method-${e(operation.method.toLowerCase())}">${e(operation.method)}</span><code>${e(path)}</code> ${e(operation.summary)}</h3>
<p>Operation <code>${e(operation.id)}</code>.</p>
${markdownToHtml(operation.description)}
<h4>Parameters</h4>
${parameters}
${body}
<h4>Responses</h4>
${responses}
<h4>Try it with curl</h4>
<pre><code data-base-url="${e(context.baseUrl)}">${e(curlLine(operation, context))}</code></pre>
</article>`;
}

function renderSchema(schema: SchemaDescription): string {
  return `<article id="schema-${e(schema.name)}">
<h3>${e(schema.name)}</h3>
${markdownToHtml(schema.description)}
<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
${schema.properties
  .map(
    (property) =>
      `<tr><td><code>${e(property.name)}</code></td><td>${schemaHtml(property.schema)}</td><td>${property.required ? "yes" : "no"}</td><td>${markdownToHtml(property.description)}</td></tr>`,
  )
  .join("\n")}
</tbody></table>
</article>`;
}

// The inputs are plain text (no min, step or number type): the forms send what was typed, so a
// limit of -1 shows the contract's 400 rather than the browser's own validation message.
function renderTryIt(context: PageContext): string {
  const token = context.demoToken === undefined ? "" : ` value="${e(context.demoToken)}"`;
  return `<section class="try" aria-labelledby="try-it">
<h2 id="try-it">Try it</h2>
<p>These forms call the API of this server from the page, with the token below.</p>
<p><label for="try-token">Bearer token<input id="try-token" name="token" autocomplete="off" spellcheck="false"${token}></label></p>
<h3>List plants</h3>
<form id="try-list"><label for="try-limit">limit<input id="try-limit" name="limit" inputmode="numeric" placeholder="all"></label><button type="submit">List plants</button></form>
<div class="result" id="try-list-result" role="status" aria-live="polite" hidden><p class="status"></p><pre><code></code></pre></div>
<h3>Create a plant</h3>
<form id="try-create"><label for="try-name">name<input id="try-name" name="name"></label><label for="try-tag">tag<input id="try-tag" name="tag"></label><label for="try-id">id<input id="try-id" name="id" inputmode="numeric" placeholder="assigned"></label><button type="submit">Create plant</button></form>
<div class="result" id="try-create-result" role="status" aria-live="polite" hidden><p class="status"></p><pre><code></code></pre></div>
</section>`;
}

// Listed only, with no curl line or try-it: they answer their own token, or loopback alone.
function renderAdminEndpoints(): string {
  const rows = adminEndpoints.map(
    ({ method, path, summary }) =>
      `<tr><td><span class="method method-${e(method.toLowerCase())}">${e(method)}</span></td><td><code>${e(path)}</code></td><td>${e(summary)}</td></tr>`,
  );
  return `<section aria-labelledby="admin-endpoints">
<h2 id="admin-endpoints">Admin endpoints</h2>
<p>This server has its admin endpoints on, for test suites: reset, faults, the request journal, the store, and sandboxes (isolated worlds, each entered through its own <code>psb_</code> token). They are not part of the API above; their own OpenAPI document is <code>openapi.admin.yaml</code> in <code>plant-store-sdk</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table>
</section>`;
}
