// Every bad request the matrix sends for one operation: its valid sample with one place made bad at a
// time (each body field at every depth, each path, query and header parameter), plus whole bodies that
// are wrong before any field is read.
import type { ContractOperation } from '../../../server/contract/document.ts';
import { badHeaderValues, badTexts, badValuesFor, wholeBodies } from './bad-values.ts';
import type { SampleRequest } from './sample-request.ts';

export type BadRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

type Place = { path: (string | number)[]; sample: unknown };

/** Every node below the root of a JSON value: object fields and list items, at every depth. */
function placesIn(value: unknown, path: (string | number)[] = []): Place[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  return children.flatMap(([key, child]) => [{ path: [...path, key], sample: child }, ...placesIn(child, [...path, key])]);
}

const placeholder = '\u0001bad-value\u0001';

/** The body with the value at `path` replaced by some JSON text. */
function bodyWith(body: unknown, path: (string | number)[], json: string): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = placeholder;
  return JSON.stringify(copy).replace(JSON.stringify(placeholder), () => json);
}

function urlOf(operation: ContractOperation, params: Record<string, string>, query: string): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '');
  return query === '' ? path : `${path}?${query}`;
}

function encodedQuery(query: Record<string, string>): string {
  return new URLSearchParams(query).toString();
}

export function badRequests(operation: ContractOperation, sample: SampleRequest, token: string): BadRequest[] {
  const method = operation.method.toUpperCase();
  const json = 'application/json';
  const headers = { ...sample.headers, ...(operation.requiresAuth ? { authorization: `Bearer ${token}` } : {}) };
  const validUrl = urlOf(operation, sample.params, encodedQuery(sample.query));
  const validPayload = sample.bodies[0] === undefined ? undefined : JSON.stringify(sample.bodies[0]);
  const withBody = (label: string, payload: string | Buffer, contentType = json): BadRequest => ({
    label,
    method,
    url: validUrl,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  const requests: BadRequest[] = [];

  for (const body of sample.bodies) {
    for (const { path, sample: valid } of placesIn(body)) {
      for (const bad of badValuesFor(valid)) requests.push(withBody(`body.${path.join('.')} = ${bad.label}`, bodyWith(body, path, bad.json)));
      if (typeof valid === 'object' && valid !== null && !Array.isArray(valid)) {
        requests.push(withBody(`body.${path.join('.')} with an unknown field`, bodyWith(body, path, JSON.stringify({ ...valid, zz_unknown: 1 }))));
      }
    }
    requests.push(withBody('an unknown top-level field', JSON.stringify({ ...(body as object), zz_unknown: 1 })));
  }
  if (sample.bodies.length > 0) {
    for (const whole of wholeBodies) requests.push(withBody(`whole body: ${whole.label}`, whole.payload, whole.contentType));
  }

  const sendAsIs = (label: string, url: string, extraHeaders: Record<string, string> = {}): BadRequest => ({
    label,
    method,
    url,
    headers: { ...headers, ...extraHeaders, ...(validPayload === undefined ? {} : { 'content-type': json }) },
    ...(validPayload === undefined ? {} : { payload: validPayload }),
  });
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const text of badTexts) requests.push(sendAsIs(`path ${parameter.name} = ${text.slice(0, 40)}`, urlOf(operation, { ...sample.params, [parameter.name]: text }, encodedQuery(sample.query))));
    } else if (parameter.in === 'query') {
      const others = encodedQuery(Object.fromEntries(Object.entries(sample.query).filter(([name]) => name !== parameter.name)));
      const and = others === '' ? '' : `&${others}`;
      for (const text of [...badTexts, '']) requests.push(sendAsIs(`query ${parameter.name} = ${text.slice(0, 40)}`, urlOf(operation, sample.params, `${parameter.name}=${text}${and}`)));
      requests.push(sendAsIs(`query ${parameter.name} twice`, urlOf(operation, sample.params, `${parameter.name}=2025-01-16&${parameter.name}=2025-01-17${and}`)));
    } else if (parameter.in === 'header') {
      for (const text of badHeaderValues) requests.push(sendAsIs(`header ${parameter.name} = ${text.slice(0, 40)}`, validUrl, { [parameter.name.toLowerCase()]: text }));
    }
  }
  return requests;
}
