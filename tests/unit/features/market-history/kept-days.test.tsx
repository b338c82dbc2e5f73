// An import whose day another trader had imported (issue 61): the server keeps their rows as they were and says
// which days it kept; the upload row says so, in English and in French, beside what was stored.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { plainText } from '../../support/plain-text';
import { historyApi, renderHistoryScreen, serveHistoryApi } from './history-screen';

type Coverage = components['schemas']['HistoryCoverage'];

const empty: Coverage = { indices: [], holidays: [], special_sessions: [], years_without_holiday_list: [], participants: null, table_bytes: 0 };
const name = 'BhavCopy_NSE_FO_0_0_0_20261005_F_0000.csv';

const server = setupServer(
  http.get(`${historyApi}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
  http.get(`${historyApi}/api/market-history/coverage/`, () => HttpResponse.json(empty)),
  http.post(`${historyApi}/api/market-history/imports/`, () =>
    HttpResponse.json({
      files: [{ file_name: name, status: 'imported', kind: 'bhavcopy_udiff', days: ['2026-10-05'], rows: 0, skipped_rows: 0, kept_days: [{ index: 'NIFTY', trade_date: '2026-10-05' }] }],
    }),
  ),
);
serveHistoryApi(server);

async function importOne(locale: 'en' | 'fr', files: string, importLabel: string) {
  const user = userEvent.setup();
  renderHistoryScreen(locale);
  await user.upload(await screen.findByLabelText(files), new File(['TradDt,BizDt\n'], name, { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: importLabel }));
  return plainText((await screen.findByTestId('kept-days')).textContent ?? '');
}

describe('a day another trader imported', () => {
  it('is said to be kept as they imported it, nothing of theirs changed', async () => {
    expect(await importOne('en', 'Files', 'Import')).toBe(
      'Already imported by another trader, kept exactly as they imported it: NIFTY 05 Oct 2026. Your import is recorded; nothing of theirs changed.',
    );
  });

  it('in French', async () => {
    expect(await importOne('fr', 'Fichiers', 'Importer')).toBe(
      'Jour déjà importé par un autre trader, gardé exactement comme il l’a importé : NIFTY 05/10/2026. Votre import est enregistré ; rien du sien n’a changé.',
    );
  });
});
