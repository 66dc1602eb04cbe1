/** The answer to a body whose Content-Type is not JSON: the API's create and the admin POST/PUT. */
export const CONTENT_TYPE_MESSAGE =
  "The Content-Type header must be application/json or another +json type.";

/** `application/json` or any `type/subtype+json`, parameters such as charset allowed. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(";");
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (mediaType === "application/json") return true;
  const slash = mediaType.indexOf("/");
  return slash > 0 && mediaType.endsWith("+json") && mediaType.length > slash + "+json".length + 1;
}
