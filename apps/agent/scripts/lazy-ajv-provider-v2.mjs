// Stands in for the v2 MCP client's runtime validator shim (`@modelcontextprotocol/client/_shims`) and its
// `validators/ajv` entry in the CLI bundle (scripts/bundle-cli.mjs): the same class, but Ajv and its formats
// load when a schema is first compiled, not whenever the client loads. Only tools that declare an
// outputSchema, and elicitation answers, need one.
import { createRequire } from "node:module";

const SPECIFIER = "@modelcontextprotocol/client/validators/ajv";

let Provider;

/** The client's CommonJS build of the same provider, found through the client's own exports map. */
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

export { AjvJsonSchemaValidator as DefaultJsonSchemaValidator };

/** As the client's Node shim says: a `TypeError` from `fetch` in Node is never a CORS error. */
export const CORS_IS_POSSIBLE = false;
