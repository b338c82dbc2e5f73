// The trading contract (openapi/main.yaml), read once at start. Routes take their method, path, request
// schemas and security from it, so the server cannot drift from what the PWA was generated against.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { repoRoot } from '../paths.ts';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

const methods: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

export type ContractParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON Pointer of the parameter's schema inside the document. */
  schemaPointer: string;
  /** The JSON types the schema declares (`type`, references followed): how its text is read. */
  types: readonly string[];
};

export type ContractOperation = {
  operationId: string;
  method: HttpMethod;
  /** As written in the contract, e.g. /api/accounts/accounts/{id}/ */
  path: string;
  /** JSON Pointer of the operation object. */
  pointer: string;
  parameters: ContractParameter[];
  /** Pointer of the application/json request body schema, when the operation takes a body. */
  bodySchemaPointer: string | null;
  bodyRequired: boolean;
  /** Whether a bearer token is required (the operation's `security`, else the document's). */
  requiresAuth: boolean;
};

export type Contract = {
  /** Identifies the document inside Ajv: `${id}#/components/schemas/User`. */
  id: string;
  doc: JsonObject;
  operations: ReadonlyMap<string, ContractOperation>;
};

export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function resolvePointer(doc: JsonObject, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isJsonObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    if (node === undefined) throw new Error(`Contract reference ${pointer} points nowhere`);
  }
  return node;
}

/** Follows `$ref`s to the node itself, returning it with its pointer. */
function follow(doc: JsonObject, node: unknown, pointer: string): { node: unknown; pointer: string } {
  let current = { node, pointer };
  for (let hops = 0; isJsonObject(current.node) && typeof current.node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`Reference loop at ${pointer}`);
    const ref = current.node.$ref;
    current = { node: resolvePointer(doc, ref), pointer: ref };
  }
  return current;
}

function isSecured(security: unknown): boolean {
  // An empty list, or one alternative with no requirements (`{}`), means anonymous access is allowed.
  return Array.isArray(security) && security.length > 0 && !security.some((item) => isJsonObject(item) && Object.keys(item).length === 0);
}

function declaredTypes(doc: JsonObject, schema: unknown, pointer: string): string[] {
  const { node } = follow(doc, schema, pointer);
  const type = isJsonObject(node) ? node.type : undefined;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

function readParameters(doc: JsonObject, list: unknown, pointer: string): ContractParameter[] {
  if (!Array.isArray(list)) return [];
  return list.map((item, index) => {
    const { node, pointer: at } = follow(doc, item, `${pointer}/${index}`);
    if (!isJsonObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') {
      throw new Error(`Malformed parameter at ${at}`);
    }
    return {
      name: node.name,
      in: node.in as ContractParameter['in'],
      required: node.required === true,
      schemaPointer: `${at}/schema`,
      types: declaredTypes(doc, node.schema, `${at}/schema`),
    };
  });
}

function readBody(doc: JsonObject, requestBody: unknown, pointer: string): Pick<ContractOperation, 'bodySchemaPointer' | 'bodyRequired'> {
  if (requestBody === undefined) return { bodySchemaPointer: null, bodyRequired: false };
  const { node, pointer: at } = follow(doc, requestBody, pointer);
  const content = isJsonObject(node) && isJsonObject(node.content) ? node.content : {};
  // File uploads (the market-history import) declare only multipart/form-data or a raw octet-stream: the
  // route reads that body itself, so there is no JSON schema for the validators.
  const fileUpload = !isJsonObject(content['application/json']) && Object.keys(content).length > 0
    && Object.keys(content).every((type) => type === 'multipart/form-data' || type === 'application/octet-stream');
  if (fileUpload) return { bodySchemaPointer: null, bodyRequired: isJsonObject(node) && node.required === true };
  if (!isJsonObject(content['application/json'])) throw new Error(`${at} has no application/json body`);
  return {
    bodySchemaPointer: `${at}/content/${escapePointer('application/json')}/schema`,
    bodyRequired: isJsonObject(node) && node.required === true,
  };
}

export function readContract(doc: JsonObject, id: string): Contract {
  const operations = new Map<string, ContractOperation>();
  const paths = isJsonObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    const pathPointer = `#/paths/${escapePointer(path)}`;
    const shared = readParameters(doc, item.parameters, `${pathPointer}/parameters`);
    for (const method of methods) {
      const operation = item[method];
      if (!isJsonObject(operation) || typeof operation.operationId !== 'string') continue;
      const pointer = `${pathPointer}/${method}`;
      const own = readParameters(doc, operation.parameters, `${pointer}/parameters`);
      // An operation's parameter replaces a path-level one of the same name and location.
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      operations.set(operation.operationId, {
        operationId: operation.operationId,
        method,
        path,
        pointer,
        parameters,
        ...readBody(doc, operation.requestBody, `${pointer}/requestBody`),
        requiresAuth: isSecured(operation.security ?? doc.security),
      });
    }
  }
  return { id, doc, operations };
}

export function parseContractYaml(text: string, name: string): JsonObject {
  const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  if (parsed.errors.length > 0) throw new Error(`${name}: ${parsed.errors.map(String).join('\n')}`);
  const doc: unknown = parsed.toJS();
  if (!isJsonObject(doc)) throw new Error(`${name} is not a mapping`);
  return doc;
}

/**
 * The document parsed ahead (scripts/server-bundle.mjs writes dist-server/openapi-main.json at `npm start`'s
 * build): parsing the YAML took 1.3-3.4 s of a start (issue 61). Taken only when it was parsed from this very
 * text (its sha256); otherwise, or when there is none (tests, `npm run dev`), null and the YAML is parsed.
 */
export function parsedAhead(text: string, jsonPath: string): JsonObject | null {
  let ahead: unknown;
  try {
    ahead = JSON.parse(readFileSync(jsonPath, 'utf8'));
  } catch {
    return null;
  }
  if (!isJsonObject(ahead) || !isJsonObject(ahead.doc)) return null;
  return ahead.sha256 === createHash('sha256').update(text).digest('hex') ? ahead.doc : null;
}

let mainContract: Contract | undefined;

/** openapi/main.yaml, parsed on first use (or ahead, at the build) and shared by every server in the process. */
export function loadMainContract(): Contract {
  if (mainContract === undefined) {
    const text = readFileSync(join(repoRoot, 'openapi/main.yaml'), 'utf8');
    const doc = parsedAhead(text, join(repoRoot, 'dist-server/openapi-main.json')) ?? parseContractYaml(text, 'openapi/main.yaml');
    mainContract = readContract(doc, 'https://strikedesk.local/openapi/main.yaml');
  }
  return mainContract;
}
