import fc from 'fast-check';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract, type ContractOperation, contract, contractOperations } from '../contract.ts';
import { MALFORMED_MULTIPART, multipartForm } from '../multipart.ts';
import { pngDeclaring } from '../pictures.ts';
import { bearer, demoAdminToken, registerShopper } from '../sessions.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Generated requests to every operation of the contract, valid and mutated, with no token, a shopper's and a
// SuperAdmin's: no answer may be a 5xx, and every JSON answer must match the contract. Seeded, so a failure
// replays; FUZZ_SEED and FUZZ_RUNS change the sample.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

type Schema = Record<string, unknown>;

function resolve(schema: unknown): Schema {
  let current = (schema ?? {}) as Schema;
  for (let depth = 0; depth < 10 && typeof current.$ref === 'string'; depth++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)?.[key],
      contract,
    ) as Schema;
  }
  return current ?? {};
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "'; drop table orders; --",
  '<script>x()</script>',
  '💥'.repeat(40),
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  '=1+1',
  // Unpaired UTF-16 surrogates: half an emoji, as a careless encoder cuts it; no UTF-8 form exists for them.
  '\ud83d',
  'a\udc00b',
  `${'💥'.repeat(3)}\ud800`,
];

/**
 * Values that fit the schema (mostly): what a careful client would send. `tainted` ends every free text with
 * half an emoji instead, as a client cutting text by UTF-16 units does, so ill-formed text reaches every field.
 */
function valid(schemaIn: unknown, depth = 0, tainted = false): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn);
  if (depth > 6) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as unknown[]).map((part) => valid(part, depth + 1, tainted));
    return fc
      .tuple(...parts)
      .map((values) =>
        values.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
          ? Object.assign({}, ...(values as object[]))
          : values[values.length - 1],
      );
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key]))
      return fc.oneof(...(schema[key] as unknown[]).map((s) => valid(s, depth + 1, tainted)));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
        const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1000;
        return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      }
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
        const max = typeof schema.maximum === 'number' ? schema.maximum : min + 10000;
        return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'array':
        return fc.array(valid(schema.items, depth + 1, tainted), { maxLength: 3 });
      case 'string': {
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'date-time')
          return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === 'date')
          return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 40) : 40;
        const min = typeof schema.minLength === 'number' ? Math.min(schema.minLength, max) : 0;
        const text = fc.string({ minLength: min, maxLength: max });
        return tainted ? text.map((value) => `${value.slice(0, Math.max(0, max - 1))}\ud83d`) : text;
      }
      default: {
        const properties = (schema.properties ?? {}) as Record<string, unknown>;
        const required = new Set((schema.required ?? []) as string[]);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties))
          record[name] = valid(property, depth + 1, tainted);
        return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
      }
    }
  });
  return options.length === 1 && options[0] ? options[0] : fc.oneof(...options);
}

/** Values a careless or hostile client sends: wrong types, odd text, huge numbers, missing fields. */
const mutated: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number('92233720368547759'), 1e308, -1e308, 0.5),
  fc.constantFrom(null, true, [], {}, [null], { $gt: '' }, { __proto__: { admin: true } }),
  fc.string({ maxLength: 20 }),
);

function withMutation(schema: unknown): fc.Arbitrary<unknown> {
  const base = valid(schema);
  const resolved = resolve(schema);
  const properties = Object.keys((resolved.properties ?? {}) as Record<string, unknown>);
  const mutateField =
    properties.length > 0
      ? fc
          .tuple(base, fc.constantFrom(...properties), mutated)
          .map(([value, field, bad]) =>
            value !== null && typeof value === 'object' ? { ...(value as object), [field]: bad } : value,
          )
      : base;
  return fc.oneof(
    { arbitrary: base, weight: 2 },
    { arbitrary: mutateField, weight: 2 },
    { arbitrary: mutated, weight: 1 },
    { arbitrary: valid(schema, 0, true), weight: 1 },
  );
}

/** What upload operations are sent in turn: every malformed body, and well-formed ones carrying odd files. */
const MULTIPART_BODIES: { name: string; payload: string | Buffer; headers: Record<string, string> }[] = [
  ...MALFORMED_MULTIPART,
  {
    name: 'a picture declaring 50,000 × 50,000 pixels',
    ...multipartForm({ name: 'bomb.png', type: 'image/png', bytes: pngDeclaring(50_000, 50_000) }),
  },
  {
    name: 'a file name holding half an emoji',
    ...multipartForm({ name: 'half \ud83d.png', type: 'image/png', bytes: pngDeclaring(10, 10) }),
  },
  {
    name: 'a text file',
    ...multipartForm({ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a picture') }),
  },
];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

function requestsFor(op: ContractOperation): fc.Arbitrary<{
  url: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}> {
  const parameters = (op.spec.parameters ?? []).map((p) => resolve(p) as unknown as Parameter);
  const paramArbs: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of parameters) {
    const arb = withMutation(p.schema);
    paramArbs[`${p.in}:${p.name}`] = p.required ? arb : fc.option(arb, { nil: undefined });
  }
  const bodySchema = op.spec.requestBody?.content?.['application/json']?.schema;
  const bodyArb = bodySchema ? withMutation(bodySchema) : fc.constant(undefined);
  return fc.record({ params: fc.record(paramArbs), body: bodyArb }).map(({ params, body }) => {
    let url = `/api${op.path}`;
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      const [where, name = ''] = key.split(':');
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      // An empty, '.' or '..' segment would vanish when the URL is resolved, naming another route.
      if (where === 'path') {
        // A URL carries UTF-8, which an unpaired surrogate has no form in: the client's encoder replaces it.
        const segment = ['', '.', '..'].includes(text) ? 'x' : text.replace(/\p{Cs}/gu, '\uFFFD');
        url = url.replace(`{${name}}`, encodeURIComponent(segment));
      } else if (where === 'query') query[name] = text;
      else if (where === 'header') headers[name] = text.replace(/[^\x21-\x7e]/g, '');
    }
    url = url.replace(/\{[^}]+\}/g, 'missing');
    return { url, query, body, headers };
  });
}

// Operations that would end the run's own sign-ins or lock the staff account out (a required second factor, a
// forced password change, a sign-out) are sent without the staff token; their effects are tested where they live.
const NOT_AS_STAFF = new Set([
  'adminLogout',
  'customerLogout',
  'updateSecuritySettings',
  'startTwoFactorSetup',
  'confirmTwoFactor',
  'disableTwoFactor',
  'updateRoles',
  'revokeSession',
  'bulkUpdateAdmins',
  'updateAdmin',
  'deleteAdmin',
]);

describe('contract fuzz', () => {
  let t: TestApp;
  const tokens: Record<'none' | 'shopper' | 'staff', string | null> = {
    none: null,
    shopper: null,
    staff: null,
  };

  async function freshTokens() {
    tokens.staff = await demoAdminToken(t.app);
    tokens.shopper = (await registerShopper(t.app)).token;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await freshTokens();
  });
  afterAll(() => t.close());

  it('answers every generated request to every operation without a 5xx, as the contract says', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [index, op] of contractOperations.entries()) {
      const samples = fc.sample(requestsFor(op), { seed: SEED + index, numRuns: RUNS });
      for (const [who, token] of Object.entries(tokens)) {
        if (who === 'staff' && NOT_AS_STAFF.has(op.operationId)) continue;
        for (const [sampleIndex, sample] of samples.entries()) {
          const upload = op.spec.requestBody?.content?.['multipart/form-data']
            ? MULTIPART_BODIES[sampleIndex % MULTIPART_BODIES.length]
            : undefined;
          const options: InjectOptions = {
            method: op.method.toUpperCase() as InjectOptions['method'],
            url: sample.url,
            // Generated requests come from many clients, so the sign-in throttle of one address (which the
            // test's own sign-ins use) is never spent by them.
            remoteAddress: `192.0.2.${sent % 250}`,
            query: sample.query,
            headers: { ...sample.headers, ...upload?.headers, ...(token ? bearer(token) : {}) },
            ...(upload
              ? { payload: upload.payload }
              : sample.body === undefined
                ? {}
                : { payload: sample.body as object }),
          };
          const response = await t.app.inject(options);
          sent += 1;
          const what = `${op.operationId} as ${who}: ${options.method} ${sample.url} ${JSON.stringify(sample.query)} ${upload ? upload.name : JSON.stringify(sample.body)?.slice(0, 300)}`;
          if (response.statusCode >= 500) {
            failures.push(`${response.statusCode} from ${what}\n  ${response.body.slice(0, 300)}`);
            continue;
          }
          const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
          if (!json) continue;
          try {
            assertMatchesContract(op.operationId, response);
          } catch (error) {
            failures.push(`${(error as Error).message.slice(0, 400)}\n  from ${what}`);
          }
        }
      }
      // A generated request may have ended a session (a shopper's password or sign-out): sign in again.
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(tokens.shopper ?? ''),
      });
      const staffCheck = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(tokens.staff ?? ''),
      });
      if (check.statusCode !== 200 || staffCheck.statusCode !== 200) {
        await freshTokens();
      }
    }
    console.log(`contract fuzz: ${sent} requests to ${contractOperations.length} operations, seed ${SEED}`);
    expect(failures, `seed ${SEED}:\n${failures.slice(0, 30).join('\n')}`).toEqual([]);
  }, 240_000);
});
