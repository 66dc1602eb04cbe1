// The refusals of a request body, shared by the API and the admin endpoints: one wording each.

export const CONTENT_TYPE_MESSAGE =
  "The Content-Type header must be application/json or another +json type.";

export const NOT_UTF8_MESSAGE = "The request body is not valid UTF-8.";

export function tooLargeMessage(maxBodyBytes: number): string {
  return `The request body is larger than the ${maxBodyBytes}-byte limit.`;
}
