import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";

/**
 * The MCP SDK client's JSON Schema validator, created on first use. The SDK's default builds a new Ajv
 * instance with its meta-schemas and formats for every `Client` (about 0.5 ms, measured with
 * bench/runtime), although only servers whose tools declare an `outputSchema` ever need one. Each client
 * keeps its own instance, as with the default, so compiled schemas go away with the run's clients.
 */
export class LazyJsonSchemaValidator implements jsonSchemaValidator {
  private validator: AjvJsonSchemaValidator | undefined;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.validator ??= new AjvJsonSchemaValidator();
    return this.validator.getValidator<T>(schema);
  }
}
