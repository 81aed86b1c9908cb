// Stands in for the MCP SDK's validation/ajv-provider.js in the CLI bundle (scripts/bundle-cli.mjs): the
// same class, but Ajv and its formats (about 350 KB of JavaScript) load when a schema is first compiled,
// not whenever the SDK loads. Only tools that declare an outputSchema, and elicitation answers, need one;
// the SDK's client and server construct a validator each, used or not.
import { createRequire } from "node:module";

const SPECIFIER = "@modelcontextprotocol/sdk/validation/ajv";

let Provider;

/** The SDK's CommonJS build of the same provider, found through the SDK's own exports map. */
function provider() {
  Provider ??= createRequire(import.meta.resolve(SPECIFIER))(SPECIFIER).AjvJsonSchemaValidator;
  return Provider;
}

export class AjvJsonSchemaValidator {
  #ajv;
  #validator;

  constructor(ajv) {
    this.#ajv = ajv;
  }

  getValidator(schema) {
    this.#validator ??= new (provider())(this.#ajv);
    return this.#validator.getValidator(schema);
  }
}
