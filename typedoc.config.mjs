// @ts-check
// TypeDoc is one of the tools in test-tools/ (see scripts/test-tools.ts), not in the root install.
import { OptionDefaults } from "./test-tools/node_modules/typedoc/dist/index.js";

/**
 * The API reference in docs/api, generated from the TSDoc comments of the package's entries
 * by `npm run docs:api` (test/docs/api-reference.test.ts fails when the committed pages are
 * out of date or TypeDoc warns). One page per entry reads better on GitHub than one per
 * symbol; source links are left out so the pages do not change with every line moved in
 * src; `@description` and `@constant` are tags openapi-typescript writes into the generated types.
 * @type {Partial<import("./test-tools/node_modules/typedoc").TypeDocOptions & import("./test-tools/node_modules/typedoc-plugin-markdown").PluginOptions>}
 */
const config = {
  entryPoints: [
    "src/client/index.ts",
    "src/mock/index.ts",
    "src/msw/index.ts",
    "src/server/index.ts",
    "src/verify/index.ts",
    "src/admin/index.ts",
    "src/tanstack-query/index.ts",
    "src/matchers/index.ts",
    "src/matchers/vitest.ts",
    "src/matchers/jest.ts",
    "src/matchers/bun.ts",
  ],
  tsconfig: "tsconfig.build.json",
  plugin: ["typedoc-plugin-markdown"],
  out: "docs/api",
  readme: "none",
  disableSources: true,
  outputFileStrategy: "modules",
  excludeExternals: true,
  hidePageHeader: true,
  parametersFormat: "table",
  interfacePropertiesFormat: "table",
  classPropertiesFormat: "table",
  typeDeclarationFormat: "table",
  useCodeBlocks: true,
  blockTags: [...OptionDefaults.blockTags, "@description", "@constant"],
  // Every exported function, class, interface, type and constant needs its TSDoc summary;
  // `components` (the SDK's and the admin client's) is openapi-typescript's, and its members
  // carry the descriptions of openapi.yaml and openapi.admin.yaml.
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  requiredToBeDocumented: ["Function", "Class", "Interface", "TypeAlias", "Variable", "Enum"],
  intentionallyNotDocumented: ["plant-store-sdk.components", "plant-store-sdk/admin.components"],
  // The type-level helpers of DeclaredAnswer, ErrorStatus and PartialRequest (src/mock/types.ts):
  // those are documented; the steps that derive them from openapi.yaml's operations are not API.
  // PlantStoreInProcess: the one declaration of what a world offers, which every entry's type
  // extends; the entries' own types are the API. (PlantStoreWorld, which it and a sandbox
  // extend, is never named in the pages: TypeDoc lists its members under those types.)
  intentionallyNotExported: [
    "src/mock/world/in-process.ts:PlantStoreInProcess",
    "src/contract/scripted-answer-types.ts:ToNumber",
    "src/contract/scripted-answer-types.ts:Responses",
    "src/contract/scripted-answer-types.ts:DeclaredStatus",
    "src/contract/scripted-answer-types.ts:RangeStatus",
    "src/contract/scripted-answer-types.ts:Scripted",
    "src/contract/scripted-answer-types.ts:ByStatus",
    "src/contract/scripted-answer-types.ts:QueryOf",
    "src/contract/scripted-answer-types.ts:BodyOf",
    "src/contract/scripted-answer-types.ts:PartOf",
  ],
  treatWarningsAsErrors: true,
};

export default config;
