// The JSON Schema of an endpoint's request, as zod describes its input. The hostile suites read field
// names and types from it, so a new endpoint or field is covered without editing the suites.
import { z } from 'zod';
import { endpoints } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export function requestSchema(name: EndpointName): JsonSchema {
  return z.toJSONSchema(endpoints[name].request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Does the schema (or one of its alternatives) accept a string? */
export const acceptsString = (schema: JsonSchema): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some(acceptsString);

/** The top-level fields of a request that take free text: strings that are not uuids or enums. */
export function textFields(name: EndpointName): string[] {
  const props = requestSchema(name).properties ?? {};
  const isText = (s: JsonSchema): boolean =>
    (s.type === 'string' && s.format !== 'uuid' && s.enum === undefined) || (s.anyOf ?? []).some(isText);
  return Object.entries(props)
    .filter(([, s]) => isText(s))
    .map(([field]) => field);
}

export const endpointNames = Object.keys(endpoints) as EndpointName[];
