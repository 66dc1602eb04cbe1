// Generated from openapi.yaml by scripts/generate-contract.ts (npm run generate).
// Do not edit: change openapi.yaml and regenerate.
export const openApiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Plant Store API",
    "version": "1.0.0",
    "summary": "List the plants you can see and add new ones.",
    "description": "The Plant Store API keeps a list of plants. Every request carries a bearer token;\nbodies are JSON. Where the service description is silent, this document records\nwhat the reference server of `plant-store-sdk` does (the behaviour contract), so\nthat the SDK, the mocks and this document agree:\n\n- **Authentication** is checked first. A missing `Authorization` header, a scheme\n  other than `Bearer`, an empty token or a token that is not accepted gives `401`\n  with the Error body and `WWW-Authenticate: Bearer realm=\"plant-store\"` (plus\n  `error=\"invalid_token\"` when a token was sent but not accepted).\n- **Access**: every plant belongs to the token that created it. Seed plants are\n  public. A caller sees the public plants and its own, never another token's.\n- **Order of checks**: authentication (401), route (404, 405 with `Allow`),\n  content type (415), body size (413), body and query (400), uniqueness (409).\n  A request with several faults gets the answer of the first.\n- **Errors**: every failure carries the Error body; `error` equals the HTTP status\n  and `message` is one sentence that names the offending field or header.\n",
    "contact": {
      "name": "plant-store-sdk",
      "url": "https://www.npmjs.com/package/plant-store-sdk"
    },
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4010",
      "description": "The reference server started by `plant-store-mock` (its default address)."
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "plants",
      "description": "The plants in the store."
    }
  ],
  "paths": {
    "/plants": {
      "get": {
        "operationId": "listPlants",
        "tags": [
          "plants"
        ],
        "summary": "List the plants the caller has access to",
        "description": "Returns the public plants and the caller's own plants in creation order\n(oldest first, seed plants first). `limit` caps how many are returned.\n",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "How many plants to return at most: an integer from 0 to 2147483647.\nAbsent: every plant the caller may see. `0`: an empty array. A negative,\nfractional, non-numeric or repeated value, or one above the int32 range,\ngives `400` naming `limit`.\n",
            "schema": {
              "type": "integer",
              "format": "int32",
              "minimum": 0,
              "maximum": 2147483647
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The plants, oldest first.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/Plant"
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "post": {
        "operationId": "createPlant",
        "tags": [
          "plants"
        ],
        "summary": "Add a plant to the store",
        "description": "Creates a plant owned by the caller's token. The reference server answers\n`201` by default and can be configured to answer `200` (the status the public\nsample of this API documents); clients should treat any 2xx as success.\nEvery create either lands whole or fails whole.\n",
        "requestBody": {
          "description": "Plant to add to the store",
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPlant"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The plant as stored (never with `id`), from a server configured to answer 200.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Plant"
                }
              }
            }
          },
          "201": {
            "description": "The plant as stored (never with `id`). The reference server's default.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Plant"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "409": {
            "description": "The `id` is already in the store.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "duplicateId": {
                    "summary": "An id already in the store",
                    "value": {
                      "error": 409,
                      "message": "id 42 is already in the store."
                    }
                  }
                }
              }
            }
          },
          "413": {
            "description": "The body is larger than the server accepts (the reference server's default limit is 1 MiB).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "tooLarge": {
                    "summary": "A body over the limit",
                    "value": {
                      "error": 413,
                      "message": "The request body is larger than the 1048576-byte limit."
                    }
                  }
                }
              }
            }
          },
          "415": {
            "description": "The body is not JSON: the `Content-Type` must be `application/json`\n(parameters such as `charset` allowed) or another `+json` type, and a\n`Content-Encoding` other than `identity` (a compressed body) is refused.\n",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "examples": {
                  "notJson": {
                    "summary": "A body that is not JSON",
                    "value": {
                      "error": 415,
                      "message": "The Content-Type header must be application/json or another +json type."
                    }
                  }
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <token>` on every request. Tokens are compared in\nconstant time and never echoed in a response.\n"
      }
    },
    "responses": {
      "BadRequest": {
        "description": "unexpected error: a malformed query or body. The message names the field\n(for example `limit`, `name`, `tag` or `id`).\n",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "invalidLimit": {
                "summary": "A limit out of range",
                "value": {
                  "error": 400,
                  "message": "limit must be an integer from 0 to 2147483647."
                }
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The `Authorization` header is missing, not a bearer token, empty, or not accepted.",
        "headers": {
          "WWW-Authenticate": {
            "description": "`Bearer realm=\"plant-store\"`, plus `error=\"invalid_token\"` when a token was sent but not accepted.",
            "schema": {
              "type": "string"
            }
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "tokenNotAccepted": {
                "summary": "A token the service does not accept",
                "value": {
                  "error": 401,
                  "message": "The bearer token in the Authorization header is not accepted."
                }
              }
            }
          }
        }
      },
      "UnexpectedError": {
        "description": "Any other failure, with the Error body: for example `404` for an unknown path\nor `405` (with `Allow`) for an unsupported method.\n",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "unknownPath": {
                "summary": "A path outside the API",
                "value": {
                  "error": 404,
                  "message": "The request path is not part of the Plant Store API; use /plants."
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "Plant": {
        "description": "A plant as the store returns it. It never carries `id`.",
        "type": "object",
        "required": [
          "name"
        ],
        "additionalProperties": false,
        "properties": {
          "name": {
            "type": "string",
            "description": "The plant's name.",
            "examples": [
              "Monstera"
            ]
          },
          "tag": {
            "type": "string",
            "description": "A free-form tag, such as a category.",
            "examples": [
              "tropical"
            ]
          }
        }
      },
      "NewPlant": {
        "description": "Plant to add to the store. Unknown fields are ignored and never echoed.\n",
        "type": "object",
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "The plant's name, at least one character.",
            "examples": [
              "Monstera"
            ]
          },
          "id": {
            "type": "integer",
            "format": "int64",
            "minimum": 1,
            "maximum": 9007199254740991,
            "description": "Optional. When absent the store assigns the next free id. When present it\nmust be a positive safe integer (1 to 2^53-1, the largest a JavaScript\nnumber holds exactly); a larger one gives `400` naming `id`, one already\nin the store gives `409`.\n",
            "examples": [
              42
            ]
          },
          "tag": {
            "type": "string",
            "description": "An optional free-form tag.",
            "examples": [
              "tropical"
            ]
          }
        }
      },
      "Error": {
        "description": "The body of every failure.",
        "type": "object",
        "required": [
          "error",
          "message"
        ],
        "properties": {
          "error": {
            "type": "integer",
            "format": "int32",
            "description": "The HTTP status code of the response.",
            "examples": [
              400
            ]
          },
          "message": {
            "type": "string",
            "description": "One sentence that names the offending field or header.",
            "examples": [
              "limit must be an integer from 0 to 2147483647."
            ]
          }
        }
      }
    }
  }
} as const;

/** The admin endpoints openapi.admin.yaml declares, in its order. */
export const adminEndpoints: readonly { method: string; path: string; summary: string }[] = [
  {
    "method": "POST",
    "path": "/__admin/reset",
    "summary": "Back to the seed, faults cleared, journal cleared"
  },
  {
    "method": "POST",
    "path": "/__admin/faults",
    "summary": "Make the next call(s) of an operation fail, wait, or both"
  },
  {
    "method": "DELETE",
    "path": "/__admin/faults",
    "summary": "Drop every pending failure, delay and break, and end every hanging request"
  },
  {
    "method": "POST",
    "path": "/__admin/responses",
    "summary": "Make the next call(s) of an operation answer a given status and body"
  },
  {
    "method": "PUT",
    "path": "/__admin/chaos",
    "summary": "Make calls fail at random, reproducibly (replaces any chaos set before)"
  },
  {
    "method": "DELETE",
    "path": "/__admin/chaos",
    "summary": "End chaos"
  },
  {
    "method": "GET",
    "path": "/__admin/requests",
    "summary": "The API requests received since the last reset, oldest first"
  },
  {
    "method": "DELETE",
    "path": "/__admin/requests",
    "summary": "Empty the journal"
  },
  {
    "method": "GET",
    "path": "/__admin/violations",
    "summary": "The journal's contract violations, oldest first"
  },
  {
    "method": "GET",
    "path": "/__admin/coverage",
    "summary": "How many answers of each status openapi.yaml declares the API has given"
  },
  {
    "method": "DELETE",
    "path": "/__admin/coverage",
    "summary": "Every count back to zero"
  },
  {
    "method": "GET",
    "path": "/__admin/plants",
    "summary": "Every stored plant, with its id and visibility"
  },
  {
    "method": "PUT",
    "path": "/__admin/plants",
    "summary": "Replace the store's contents"
  },
  {
    "method": "GET",
    "path": "/__admin/pact",
    "summary": "A consumer contract (Pact V4) from the requests answered"
  },
  {
    "method": "GET",
    "path": "/__admin/shadow",
    "summary": "What the shadow proxy found (plant-store-mock --shadow)"
  },
  {
    "method": "POST",
    "path": "/__admin/sandboxes",
    "summary": "Open a sandbox, an isolated world entered through its own token"
  },
  {
    "method": "DELETE",
    "path": "/__admin/sandboxes/{id}",
    "summary": "Close a sandbox"
  },
  {
    "method": "POST",
    "path": "/__admin/sandboxes/{id}/tokens",
    "summary": "Another caller's token in the sandbox"
  },
  {
    "method": "POST",
    "path": "/__admin/sandboxes/{id}/reset",
    "summary": "As POST /__admin/reset, for one sandbox"
  },
  {
    "method": "POST",
    "path": "/__admin/sandboxes/{id}/faults",
    "summary": "As POST /__admin/faults, for one sandbox"
  },
  {
    "method": "DELETE",
    "path": "/__admin/sandboxes/{id}/faults",
    "summary": "As DELETE /__admin/faults, for one sandbox"
  },
  {
    "method": "POST",
    "path": "/__admin/sandboxes/{id}/responses",
    "summary": "As POST /__admin/responses, for one sandbox"
  },
  {
    "method": "PUT",
    "path": "/__admin/sandboxes/{id}/chaos",
    "summary": "Make calls fail at random in one sandbox, reproducibly (replaces any chaos set before)"
  },
  {
    "method": "DELETE",
    "path": "/__admin/sandboxes/{id}/chaos",
    "summary": "End chaos in one sandbox"
  },
  {
    "method": "GET",
    "path": "/__admin/sandboxes/{id}/requests",
    "summary": "As GET /__admin/requests, for one sandbox's journal"
  },
  {
    "method": "DELETE",
    "path": "/__admin/sandboxes/{id}/requests",
    "summary": "As DELETE /__admin/requests, for one sandbox"
  },
  {
    "method": "GET",
    "path": "/__admin/sandboxes/{id}/violations",
    "summary": "The journal's contract violations of one sandbox, oldest first"
  },
  {
    "method": "GET",
    "path": "/__admin/sandboxes/{id}/coverage",
    "summary": "How many answers of each status openapi.yaml declares the API has given of one sandbox"
  },
  {
    "method": "DELETE",
    "path": "/__admin/sandboxes/{id}/coverage",
    "summary": "Every count back to zero of one sandbox"
  },
  {
    "method": "GET",
    "path": "/__admin/sandboxes/{id}/plants",
    "summary": "As GET /__admin/plants, for one sandbox's store"
  },
  {
    "method": "PUT",
    "path": "/__admin/sandboxes/{id}/plants",
    "summary": "As PUT /__admin/plants, for one sandbox's store"
  },
  {
    "method": "GET",
    "path": "/__admin/sandboxes/{id}/pact",
    "summary": "As GET /__admin/pact, for one sandbox"
  }
];
