import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../app.ts';
import {
  contract,
  contractOperations,
  contractSchemaErrors,
  type MediaType,
  pointer,
  type ResponseObject,
} from './contract.ts';

const TABLE_SCRIPT = join(dirname(OPENAPI_PATH), 'scripts', 'contract-table.mjs');

/** One media type object of the contract, with the pointer of its schema. */
interface MediaSite {
  label: string;
  schemaLocation: string;
  media: MediaType;
}

function mediaSites(
  label: string,
  location: string,
  content: Record<string, MediaType> | undefined,
): MediaSite[] {
  return Object.entries(content ?? {}).map(([type, media]) => ({
    label: `${label} ${type}`,
    schemaLocation: `${location}/content/${pointer(type)}/schema`,
    media,
  }));
}

/** The response itself, or the shared one of `components/responses` it points to. */
function resolveResponse(response: ResponseObject): ResponseObject {
  const name = response.$ref?.replace('#/components/responses/', '');
  return (name && contract.components.responses?.[name]) || response;
}

/** Every request and response media type of the contract, each shared response once. */
function allMediaSites(): MediaSite[] {
  const sites: MediaSite[] = [];
  for (const op of contractOperations) {
    const at = `#/${pointer('paths', op.path, op.method)}`;
    sites.push(...mediaSites(`${op.operationId} request`, `${at}/requestBody`, op.spec.requestBody?.content));
    for (const [status, response] of Object.entries(op.spec.responses)) {
      if (response.$ref) continue;
      sites.push(
        ...mediaSites(`${op.operationId} ${status}`, `${at}/responses/${pointer(status)}`, response.content),
      );
    }
  }
  for (const [name, response] of Object.entries(contract.components.responses ?? {})) {
    sites.push(
      ...mediaSites(`responses/${name}`, `#/${pointer('components', 'responses', name)}`, response.content),
    );
  }
  return sites;
}

/** The example values of a media type, named; `$ref`s into components/examples resolved. */
function exampleValues(media: MediaType): Array<[string, unknown]> {
  const values: Array<[string, unknown]> = [];
  if (media.example !== undefined) values.push(['example', media.example]);
  for (const [name, entry] of Object.entries(media.examples ?? {})) {
    const shared = entry.$ref?.replace('#/components/examples/', '');
    const value = shared ? contract.components.examples?.[shared]?.value : entry.value;
    values.push([shared ? `examples/${name} → ${shared}` : `examples/${name}`, value]);
  }
  return values;
}

describe('the contract’s examples', () => {
  it('give every success answer with a JSON body an example', () => {
    // 204 has no body, files, CSV exports and gzip backups are not JSON, and redirects (302) are not 2xx,
    // so those need none.
    const missing: string[] = [];
    for (const op of contractOperations) {
      for (const [status, declared] of Object.entries(op.spec.responses)) {
        if (!status.startsWith('2')) continue;
        const response = resolveResponse(declared);
        const json = response.content?.['application/json'];
        if (json && exampleValues(json).length === 0) {
          missing.push(`${op.method.toUpperCase()} ${op.path} ${status} ${op.operationId}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('match their schemas, in requests, responses and parameters', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const site of allMediaSites()) {
      for (const [name, value] of exampleValues(site.media)) {
        checked += 1;
        const errors = contractSchemaErrors(site.schemaLocation, value);
        if (errors !== null) problems.push(`${site.label} ${name}: ${errors}`);
      }
    }
    for (const op of contractOperations) {
      op.spec.parameters?.forEach((parameter, index) => {
        if (parameter.example === undefined || parameter.schema === undefined) return;
        checked += 1;
        const location = `#/${pointer('paths', op.path, op.method, 'parameters', String(index), 'schema')}`;
        const errors = contractSchemaErrors(location, parameter.example);
        if (errors !== null) problems.push(`${op.operationId} parameter ${parameter.name}: ${errors}`);
      });
    }
    expect(problems).toEqual([]);
    // Proves the walk reached the contract: at least one example per operation.
    expect(checked).toBeGreaterThan(contractOperations.length);
  });

  it('and docs/conventions.md lists every operation as the contract declares it', () => {
    const check = spawnSync(process.execPath, [TABLE_SCRIPT, '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
