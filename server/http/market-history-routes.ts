// /api/market-history/*: importing exchange files as market history (for backtests and charts), fetching index
// minute candles from a logged-in Kite account, its coverage, NSE's participant-wise open interest over a range,
// and deleting days one imported. The upload is the one route that takes files, so its body parsers (and
// their larger limit) are registered inside this plugin only: every other route keeps JSON and 1 MB.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from '../services/history/history-import-service.ts';
import { isHistoryIndex, type HistoryIndex } from '../services/history/history-files.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { Said } from '../services/texts/said.ts';
import { requestTexts } from '../services/texts/request-texts.ts';
import { validationTexts } from '../services/texts/validation-texts.ts';
import { HttpError } from './errors.ts';
import { parseMultipart } from './multipart-body.ts';
import { declaredLength, readSharedBody } from './shared-body.ts';
import type { RoutePlugin } from './route-plugins.ts';

/** A year's bhavcopy ZIPs are ~1.5 MB each and a day's CSV ~8 MB: a request of several files fits in 64 MB. */
export const historyUploadLimitBytes = 64 * 1024 * 1024;

const maxFilesPerUpload = 400;

const rawTypes = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed', 'text/csv'];

type UploadBody = { kind: 'raw'; bytes: Buffer } | { kind: 'multipart'; bytes: Buffer; contentType: string };

/** A 400 whose words are coded (details.text), so the history screen says it in the trader's language. */
const refused = (text: Said, field?: string) => new HttpError(400, 'validation_failed', text.text, { field, text: text.i18n });

function indexField(value: string | undefined, field: string): HistoryIndex | null {
  if (value === undefined || value.trim() === '') return null;
  const upper = value.trim().toUpperCase();
  if (!isHistoryIndex(upper)) throw refused(validationTexts.oneOfValues(field, ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY']), field);
  return upper;
}

function uploadedFiles(request: FastifyRequest, fileName: string | undefined): { files: UploadedFile[]; index: HistoryIndex | null } {
  const body = request.body as UploadBody | undefined;
  // A JSON body (parsed by the app-wide parser) is not a file, whatever it holds.
  if (body === undefined || body === null || typeof body !== 'object' || !('bytes' in body) || !Buffer.isBuffer(body.bytes)) {
    throw HttpError.said(415, 'unsupported_media_type', requestTexts.unsupportedMediaType('files'));
  }
  if (body.kind === 'raw') {
    if (body.bytes.length === 0) throw refused(requestTexts.emptyFile);
    return { files: [{ name: fileName ?? 'upload', bytes: body.bytes }], index: null };
  }
  const parts = parseMultipart(body.bytes, body.contentType);
  const files = parts.filter((part) => part.fileName !== null).map((part) => ({ name: part.fileName || part.name, bytes: part.data }));
  if (files.length === 0) throw refused(requestTexts.filesRequired, 'files');
  if (files.length > maxFilesPerUpload) throw refused(requestTexts.tooManyFiles(maxFilesPerUpload), 'files');
  const indexPart = parts.find((part) => part.fileName === null && part.name === 'index');
  return { files, index: indexField(indexPart?.data.toString('utf8'), 'index') };
}

export const marketHistoryRoutes: RoutePlugin = async (app, { context }) => {
  const { history, kiteHistory, upstoxHistory, brokerHistory } = context.services;
  // Uploads run as jobs any instance may take (services/jobs/import-jobs.ts) where the job queue runs.
  const imports = context.services.jobs?.imports ?? history;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;

  // Read into shared memory as it arrives (shared-body.ts), where the import pool's threads read it.
  const body = (request: FastifyRequest, payload: Readable) => readSharedBody(payload, declaredLength(request.headers['content-length']), historyUploadLimitBytes);
  app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: Readable) => {
    return { kind: 'multipart', bytes: await body(request, payload), contentType: request.headers['content-type'] ?? '' } satisfies UploadBody;
  });
  app.addContentTypeParser(rawTypes, async (request: FastifyRequest, payload: Readable) => {
    return { kind: 'raw', bytes: await body(request, payload) } satisfies UploadBody;
  });

  route(app, 'importMarketHistory', async (request, reply) => {
    const { files, index } = uploadedFiles(request, request.query.file_name);
    const outcomes = await imports.importFiles(userId(request), files, request.query.index ?? index);
    const refused = outcomes.filter((outcome) => outcome.status === 'refused');
    if (refused.length === 0) return { files: outcomes };
    const first = refused[0] as (typeof refused)[number] & { status: 'refused' };
    const problem = first.problems[0];
    const where = problem === undefined || problem.line === 0 ? '' : `line ${problem.line}: `;
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more files refused)` : '';
    const message = `${first.file_name}: ${where}${problem?.reason ?? 'refused'}${more}`;
    return reply.code(422).send({ message, code: 'import_refused', details: { files: outcomes } }) as never;
  });

  route(app, 'getMarketHistoryImportQueue', async (request) => imports.queue(userId(request)));

  route(app, 'importKiteMinuteCandles', async (request) => {
    const { broker_account_id: brokerAccountId, index, from, to } = request.body;
    return kiteHistory.importKiteMinutes(userId(request), { brokerAccountId, index, from, to });
  });

  route(app, 'importUpstoxMinuteCandles', async (request) => {
    const { broker_account_id: brokerAccountId, index, from, to, expiries, strikes_around: strikesAround = 10 } = request.body;
    return upstoxHistory.importUpstoxMinutes(userId(request), { brokerAccountId, index, from, to, expiries, strikesAround });
  });

  route(app, 'importBrokerCandles', async (request) => {
    const { broker_account_id: brokerAccountId, index, interval, from, to, options } = request.body;
    return brokerHistory.importBrokerCandles(userId(request), { brokerAccountId, index, interval, from, to, options });
  });

  route(app, 'getMarketHistoryCoverage', async (request) => history.coverage(request.query.from ?? null, request.query.to ?? null));

  route(app, 'getParticipantOpenInterest', async (request) => history.participants(request.query.from ?? null, request.query.to ?? null));

  route(app, 'deleteMarketHistoryDays', async (request) => {
    const { from, to, index } = request.query;
    if (from === undefined) throw refused(validationTexts.required('from'), 'from');
    if (to === undefined) throw refused(validationTexts.required('to'), 'to');
    const deleted = await history.deleteRange(userId(request), from, to, index ?? null);
    return {
      option_rows: deleted.optionRows,
      minute_candles: deleted.minuteCandles,
      option_minutes: deleted.optionMinutes,
      participant_days: deleted.participantDays,
      kept_other_traders_rows: deleted.keptOthers,
    };
  });
};
