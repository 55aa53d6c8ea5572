import { z } from 'zod';
import { envelopeOf } from './envelope';
import { ERRORS } from './errors';
import { PaiseSchema } from './money';
import { routes, type RouteDef } from './routes';

type JsonObject = Record<string, unknown>;

/** Money codecs hold paise inside; the document shows what travels: their wire side, in rupees. */
function moneyOnTheWire(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }) {
  const def = ctx.zodSchema._zod.def as { type: string; in?: z.ZodType; out?: unknown };
  if (def.type === 'pipe' && def.out === PaiseSchema && def.in) {
    const wire = schemaOf(def.in, 'input');
    for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonObject)[key];
    const description = wire.type === 'integer' ? 'Whole rupees' : 'Rupees, at most two decimals';
    Object.assign(ctx.jsonSchema, { ...wire, description });
  }
}

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
    // An answer is encoded: its money codecs show their wire (input) side; a body shows it anyway.
    ...(io === 'output' ? { override: moneyOnTheWire } : {}),
  }) as JsonObject;
  delete json.$schema;
  return json;
}

function queryParameters(q: z.ZodType): JsonObject[] {
  const json = schemaOf(q, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (json.required ?? []).includes(name),
    schema,
  }));
}

/** The OpenAPI document, generated from the same schemas the server validates with. */
export function buildOpenApiDocument(extra: Record<string, RouteDef> = {}): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const all: Record<string, RouteDef> = { ...routes, ...extra };
  for (const [key, r] of Object.entries(all).sort(([, a], [, b]) => a.path.localeCompare(b.path))) {
    const op: JsonObject = {
      operationId: key,
      tags: [r.tag],
      summary: r.devOnly ? `${r.summary} [development only]` : r.summary,
      parameters: r.query ? queryParameters(r.query) : [],
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(envelopeOf(r.result), 'output') } },
        },
        default: {
          description: 'Failure: `success` is false and `error.code` is one of the documented codes',
          content: { 'application/json': { schema: schemaOf(envelopeOf(z.null()), 'output') } },
        },
      },
    };
    if (r.auth === 'user') op.security = [{ bearer: [] }];
    if (r.auth === 'optional') op.security = [{}, { bearer: [] }];
    if (r.auth === 'operator') op.security = [{ operatorBearer: [] }];
    if (r.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(r.body, 'input') } },
      };
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Backlay API',
      version: '1.0.0',
      description:
        'Every answer is the envelope `{ success, result, error }` with an honest HTTP status. ' +
        'Money travels as rupees with at most two decimals; times as ISO 8601 UTC. Error codes: ' +
        Object.entries(ERRORS)
          .map(([code, e]) => `\`${code}\` (${e.status})`)
          .join(', ') +
        '.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        operatorBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (operator)' },
      },
    },
    paths,
  };
}
