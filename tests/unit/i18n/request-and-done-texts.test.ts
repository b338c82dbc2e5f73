// @vitest-environment node
// The texts that still reached a French trader in English after the refusals were coded (issue 24): a
// malformed request's refusal, text the database cannot keep, the server's own failures, what a 2xx answer
// says it did, and why a push to a device failed. The app's English says what the server's English says
// (where the English is the server's own, not Fastify's), and the French has no English left.
import { describe, expect, it } from 'vitest';
import { sayServerText } from '@/i18n/say-server-text';
import { pushFailures, pushTestTexts } from '../../../server/services/texts/alert-refusal-texts.ts';
import { doneTexts } from '../../../server/services/texts/done-texts.ts';
import { multipartFaults, requestTexts, storedValueFaults, type MultipartFault, type StoredValueFault } from '../../../server/services/texts/request-texts.ts';
import type { Said } from '../../../server/services/texts/said.ts';
import { fieldText, partText, validationTexts } from '../../../server/services/texts/validation-texts.ts';
import { en, inFrench } from '../support/server-text-intl.ts';

const written: [string, Said][] = [
  ['a body that is not JSON', requestTexts.invalidJson(null)],
  ['a body that is not UTF-8', requestTexts.invalidUtf8],
  ['a body nested too deep', requestTexts.tooDeep(32)],
  ['a __proto__ key', requestTexts.forbiddenKey('orders.0.__proto__')],
  ['JSON in UTF-16', requestTexts.unsupportedCharset('utf-16')],
  ['history files of the wrong type', requestTexts.unsupportedMediaType('files')],
  ['an empty upload', requestTexts.emptyFile],
  ['an upload with no file', requestTexts.filesRequired],
  ['an upload of too many files', requestTexts.tooManyFiles(400)],
  ...(Object.keys(multipartFaults) as MultipartFault[]).map((fault): [string, Said] => [`a multipart body (${fault})`, requestTexts.invalidMultipart(fault)]),
  ...(Object.keys(storedValueFaults) as StoredValueFault[]).map((fault): [string, Said] => [`a value the database refused (${fault})`, requestTexts.storedValue(fault)]),
  ['no route', requestTexts.notFound],
  ['no session', requestTexts.unauthenticated],
  ['a request too slow to arrive', requestTexts.timedOut],
  ['headers too large', requestTexts.headersTooLarge],
  ['bytes that are not HTTP', requestTexts.notHttp],
  ['a NUL in a field', validationTexts.unstorableText(fieldText('quantity'), 'nul', false)],
  ['a lone surrogate in a field name', validationTexts.unstorableText(fieldText('params'), 'surrogate', true)],
  ['a NUL in the whole query', validationTexts.unstorableText(partText('querystring'), 'nul', false)],
  ['a body of no allowed form', validationTexts.partNoForm('body')],
  ['too many fields', validationTexts.maxFields('params', 64)],
  ['a push service unreachable', pushFailures.unreachable],
  ['unusable push keys', pushFailures.unusableKeys],
  ['not a push service', pushFailures.notPushService],
  ['a private push address', pushFailures.privateAddress],
  ['a push service’s status', pushFailures.answered(500)],
  ['a push service’s redirect', pushFailures.answered(301)],
  ['a test notification not delivered', pushTestTexts.notDelivered(pushFailures.answered(500))],
  ...Object.entries(doneTexts)
    .filter((entry): entry is [string, Said] => typeof entry[1] !== 'function')
    .map(([name, text]): [string, Said] => [`done: ${name}`, text]),
  ['a device removed', doneTexts.pushDeviceRemoved(true)],
  ['a device not receiving', doneTexts.pushDeviceRemoved(false)],
  ['a kill switch already off', doneTexts.killSwitchAlreadyOff('ZP1234')],
];

// Words only English has; identifiers (multipart/form-data, __proto__, UTF-8, HTTP, IST) are not words.
const english = /\b(the|request|must|not|body|is|are|was|will|field|names|text|device|deleted|saved|signed|send|push service|already|order)\b/i;

describe("the app's English is the server's English", () => {
  it.each(written)('%s', (_, text) => {
    expect(sayServerText(en, text.i18n, '(no code)')).toBe(text.text);
  });
});

describe('said in French', () => {
  it.each(written)('%s has French words and no English left', (_, text) => {
    const french = inFrench(text);
    expect(french).not.toBe(text.text);
    expect(french).not.toMatch(english);
  });

  it('reads as a French trader reads it', () => {
    expect(inFrench(requestTexts.emptyFile)).toBe('Le corps de la requête est vide : envoyez le fichier.');
    expect(inFrench(validationTexts.unstorableText(fieldText('quantity'), 'nul', false))).toBe('La quantité ne doit pas contenir le caractère NUL (U+0000).');
    expect(inFrench(pushTestTexts.notDelivered(pushFailures.answered(500)))).toBe(
      'La notification de test n’a pas été remise : Le service de notifications push a répondu 500.',
    );
  });
});
