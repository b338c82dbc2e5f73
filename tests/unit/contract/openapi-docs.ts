// Loads the two OpenAPI documents and walks them for the contract tests. Deliberately small and
// untyped beyond "JSON": the tests must not trust the documents' shape, they check it.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseDocument } from 'yaml';
import { multipleOfPrecision } from '../../../server/contract/validation.ts';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type ApiDocument = { name: 'main' | 'analytics'; file: string; doc: Json };

export function loadDocument(name: ApiDocument['name']): ApiDocument {
  const file = `openapi/${name}.yaml`;
  const parsed = parseDocument(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), {
    uniqueKeys: true,
    prettyErrors: true,
  });
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors.map(String).join('\n')}`);
  const doc: unknown = parsed.toJS();
  if (!isRecord(doc)) throw new Error(`${file} is not a mapping`);
  return { name, file, doc };
}

/** JSON Pointer segment escaping (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Resolves a local `#/...` reference; undefined when it points nowhere. */
export function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Follows `$ref` chains until a non-reference node. */
export function deref(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`reference loop at ${current.$ref}`);
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

/** Visits every node of a JSON tree with its JSON Pointer. */
export function walk(node: unknown, visit: (value: unknown, pointer: string) => void, pointer = '#'): void {
  visit(node, pointer);
  if (Array.isArray(node)) node.forEach((item, index) => walk(item, visit, `${pointer}/${index}`));
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) walk(value, visit, `${pointer}/${escapePointer(key)}`);
  }
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type Operation = {
  method: (typeof httpMethods)[number];
  path: string;
  pointer: string;
  operation: Json;
  /** Path-level and operation-level parameters, dereferenced. */
  parameters: Json[];
};

export function listOperations(doc: Json): Operation[] {
  const operations: Operation[] = [];
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const parameters = [...shared, ...own].map((parameter) => deref(doc, parameter)).filter(isRecord);
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      operations.push({ method, path, pointer, operation, parameters });
    }
  }
  return operations;
}

/**
 * Ajv as a server would use it: draft 2020-12, formats, strict mode. `strictRequired` stays off because
 * it flags the `if/then` conditional requirements (LIMIT needs price) that are correct JSON Schema.
 * The document is registered under `id`, so any of its schemas compiles from a JSON Pointer.
 */
export function createAjv(api: ApiDocument): { ajv: Ajv2020; id: string } {
  // The server's tolerance for multipleOf 0.01 (binary floats hold neither 0.07 nor 0.01 exactly).
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true, multipleOfPrecision });
  addFormats(ajv);
  // The OpenAPI wrappers are not schemas; declare them as inert keywords so pointers can reach inside.
  ajv.addKeyword('components');
  ajv.addKeyword('paths');
  const id = `https://strikedesk.test/${api.name}.yaml`;
  ajv.addSchema({ $id: id, components: api.doc.components, paths: api.doc.paths });
  return { ajv, id };
}
