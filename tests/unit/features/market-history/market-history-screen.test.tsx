// The market-history screen (issue 25): the coverage grid with gaps and unknown days, the space history
// takes, an upload of several files one request each with the server's line-by-line refusals, and deleting
// a range of one's own days, and fetching minute candles from a Kite account. HTTP is MSW.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { plainText } from '../../support/plain-text';
import { historyApi, renderHistoryScreen, serveHistoryApi } from './history-screen';

type Coverage = components['schemas']['HistoryCoverage'];
const API = historyApi;

const coverage: Coverage = {
  indices: [
    {
      index: 'NIFTY',
      first_day: '2024-07-04',
      last_day: '2024-07-08',
      days: [
        { date: '2024-07-04', option_rows: 120, minute_candles: 0, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false },
        { date: '2024-07-08', option_rows: 130, minute_candles: 375, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false },
      ],
      option_gaps: ['2024-07-05'],
      option_rows: 250,
      minute_candles: 375,
      option_minutes: 0,
      recorded_minutes: 0, recorded_days: 0, simulated_minutes: 0, simulated_days: 0,
      bytes: 48_000,
    },
    {
      index: 'BANKNIFTY',
      first_day: '2026-03-02',
      last_day: '2026-03-05',
      days: [
        { date: '2026-03-02', option_rows: 80, minute_candles: 0, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 3_000, daily_ohlc: false },
        { date: '2026-03-04', option_rows: 82, minute_candles: 375, option_minutes: 0, recorded_minutes: 30_750, simulated_minutes: 0, daily_ohlc: false },
        { date: '2026-03-05', option_rows: 0, minute_candles: 0, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 381_648, daily_ohlc: false },
      ],
      option_gaps: ['2026-03-03'],
      option_rows: 162,
      minute_candles: 0,
      option_minutes: 0,
      recorded_minutes: 30_750,
      recorded_days: 1,
      simulated_minutes: 384_648,
      simulated_days: 2,
      bytes: 20_000,
    },
  ],
  holidays: [],
  special_sessions: [],
  years_without_holiday_list: [2024],
  participants: null,
  table_bytes: 2_500_000,
};

// The server's refused lines as it sends them: English words and the coded text, a file's value as words.
const fileValue = (text: string) => ({ code: 'text' as const, params: { text } });
const refusedLines: components['schemas']['HistoryLineProblem'][] = [
  { line: 3, reason: 'STRIKE_PR "abc" is not a number', reason_i18n: { code: 'history.not_a_number', params: { column: 'STRIKE_PR', value: fileValue('abc') } } },
  { line: 7, reason: 'OPTION_TYP "XX" is not CE or PE', reason_i18n: { code: 'history.not_call_or_put', params: { column: 'OPTION_TYP', value: fileValue('XX') } } },
  { line: 0, reason: '4 more lines do not parse', reason_i18n: { code: 'history.more_lines', params: { count: 4 } } },
];

let shown: Coverage = coverage;
let coverageReads = 0;
const uploads: Array<{ names: string[]; index: string | null }> = [];
const deletes: string[] = [];
type BrokerAccount = components['schemas']['BrokerAccount'];
const paperAccount: BrokerAccount = { id: 1, broker: 'paper', name: 'Paper', account_number: 'PA1234', api_key: 'paper_key', capital: 500000, is_logged_in: true, session_expires_at: null };
const kiteAccount: BrokerAccount = { id: 2, broker: 'kite', name: 'Zerodha', account_number: 'ZR1234', api_key: 'kite_key', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T00:30:00Z' };
let accounts: BrokerAccount[] = [paperAccount];
const kiteFetches: unknown[] = [];
const storedAnswer = () =>
  HttpResponse.json({ files: [{ file_name: 'Kite NSE:NIFTY 50 minutes 2026-01-01 to 2026-03-31', status: 'imported', kind: 'index_minutes', days: ['2026-01-01', '2026-01-02'], rows: 750, skipped_rows: 0 }], requests: 2 });
let kiteAnswer: () => Response = storedAnswer;
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })),
  http.post(`${API}/api/market-history/kite-candles/`, async ({ request }) => {
    kiteFetches.push(await request.json());
    return kiteAnswer();
  }),
  http.get(`${API}/api/market-history/coverage/`, () => {
    coverageReads += 1;
    return HttpResponse.json(shown);
  }),
  http.post(`${API}/api/market-history/imports/`, async ({ request }) => {
    const form = await request.formData();
    const files = form.getAll('files').filter((part) => typeof part !== 'string');
    // jsdom's XMLHttpRequest loses a part's file name on its way to MSW: the file is known by its header.
    const names = await Promise.all(files.map(async (file) => ((await file.text()).startsWith('INSTRUMENT') ? 'fo05JUL2024bhav.csv' : 'BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv')));
    uploads.push({ names, index: form.get('index') as string | null });
    const name = names[0]!;
    if (name.startsWith('fo')) {
      return HttpResponse.json(
        { message: `${name}: line 3: STRIKE_PR "abc" is not a number`, code: 'import_refused', details: { files: [{ file_name: name, status: 'refused', problems: refusedLines }] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ files: [{ file_name: name, status: 'imported', kind: 'bhavcopy_udiff', days: ['2024-07-08'], rows: 42, skipped_rows: 12 }] });
  }),
  http.get(`${API}/api/market-history/imports/queue/`, () => HttpResponse.json({ running: 0, waiting: 0, limit: 2, places: [] })),
  http.delete(`${API}/api/market-history/days/`, ({ request }) => {
    deletes.push(new URL(request.url).search);
    return HttpResponse.json({ option_rows: 250, minute_candles: 375, kept_other_traders_rows: 3 });
  }),
);
serveHistoryApi(server);
beforeEach(() => {
  shown = coverage;
  coverageReads = 0;
  uploads.length = 0;
  deletes.length = 0;
  accounts = [paperAccount];
  kiteFetches.length = 0;
  kiteAnswer = storedAnswer;
});


describe('the coverage', () => {
  it('shows indices × days, a missing trading day, and a gap in a year without holiday list as not known', async () => {
    renderHistoryScreen();
    expect(plainText((await screen.findByTestId('history-size')).textContent ?? '')).toBe('History takes 2.5 MB on disk, indexes included.');
    const months = screen.getAllByTestId('coverage-month');
    // Newest month first, and open.
    expect(plainText(months[0]!.querySelector('summary')!.textContent ?? '')).toBe('March 2026: 3 days, 1 gap');
    const march = within(months[0]!).getByRole('table');
    expect(within(march).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Day', 'NIFTY', 'BANKNIFTY']);
    const missing = within(march).getByRole('row', { name: /03 Mar 2026/ });
    expect(plainText(missing.textContent ?? '')).toContain('✕Missing');
    // Recorded days beside imported ones: a live feed's minutes are real (marked covered), the simulator's said so.
    const row = (name: RegExp) => plainText(within(march).getByRole('row', { name }).textContent ?? '');
    expect(row(/04 Mar 2026/)).toContain('✓82 options✓30,750 option min recorded375 min');
    expect(row(/02 Mar 2026/)).toContain('✓80 options≈3,000 option min simulated');
    expect(row(/05 Mar 2026/)).toContain('≈381,648 option min simulated');
    expect(row(/05 Mar 2026/)).not.toContain('no options');
    const july = within(months[1]!).getByRole('table', { hidden: true });
    const unknown = within(july).getByRole('row', { name: /05 Jul 2024/, hidden: true });
    expect(plainText(unknown.textContent ?? '')).toContain('?Not known');
    expect(plainText(within(july).getByRole('row', { name: /08 Jul 2024/, hidden: true }).textContent ?? '')).toContain('✓130 options375 min');
    const [nifty, bankNifty] = screen.getAllByTestId('index-coverage');
    expect(plainText(nifty!.textContent ?? '')).toContain('04 Jul 2024 to 08 Jul 2024: 2 days, 1 gap');
    // What the server recorded, beside the imported days: nothing for NIFTY; for BANKNIFTY a live feed's day
    // (real, marked covered) and the simulator's two (marked as the cells mark them).
    expect(plainText(nifty!.textContent ?? '')).not.toMatch(/recorded|simulated/);
    expect(plainText(bankNifty!.textContent ?? '')).toContain('✓30,750 option min recorded from a live feed over 1 day');
    expect(plainText(bankNifty!.textContent ?? '')).toContain('≈384,648 option min simulated over 2 days');
  });

  it('offline after a reload, shows the coverage last read with its time, not "could not be loaded" (issue 36)', async () => {
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    cleanup();
    // A reload on a dead network: nothing of this visit in memory, only the device's copy.
    forgetLastKnown();
    server.use(http.get(`${API}/api/market-history/coverage/`, () => HttpResponse.error()));
    renderHistoryScreen();
    expect(plainText((await screen.findByTestId('history-size')).textContent ?? '')).toBe('History takes 2.5 MB on disk, indexes included.');
    expect(screen.getByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('The coverage could not be loaded.')).toBeNull();
  });

  it('says so when nothing is imported', async () => {
    shown = { indices: [], participants: null, holidays: [], special_sessions: [], years_without_holiday_list: [], table_bytes: 0 };
    renderHistoryScreen();
    expect(await screen.findByText('No history imported yet')).toBeTruthy();
  });

  it('speaks French', async () => {
    renderHistoryScreen('fr');
    expect(plainText((await screen.findByTestId('history-size')).textContent ?? '')).toBe('L’historique occupe 2,5 Mo sur le disque, index compris.');
    expect(screen.getAllByText('Inconnu').length).toBeGreaterThan(0);
    expect(screen.getByText('Inconnu : pas de liste des jours fériés NSE pour cette année, donc férié ou trou')).toBeTruthy();
  });
});

describe('an import', () => {
  it.each([
    ['en', 'Waiting for its turn: number 2 in line behind 2 imports under way.'],
    ['fr', 'En attente de son tour : numéro 2 dans la file, derrière 2 imports en cours.'],
  ] as const)('while its upload waits behind other imports, shows its place in line (%s)', async (locale, said) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`${API}/api/market-history/imports/queue/`, () => HttpResponse.json({ running: 2, waiting: 3, limit: 2, places: [2] })),
      http.post(`${API}/api/market-history/imports/`, async () => {
        await held;
        return HttpResponse.json({ files: [{ file_name: 'a.csv', status: 'imported', kind: 'bhavcopy_udiff', days: ['2024-07-08'], rows: 42, skipped_rows: 0 }] });
      }),
    );
    const user = userEvent.setup();
    renderHistoryScreen(locale);
    await screen.findByTestId('history-size');
    await user.upload(screen.getByLabelText(locale === 'en' ? 'Files' : 'Fichiers'), [new File(['TradDt,BizDt\n'], 'a.csv', { type: 'text/csv' })]);
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Import' : 'Importer' }));
    expect(plainText((await screen.findByTestId('import-queue-place')).textContent ?? '')).toBe(said);
    release();
    await waitFor(() => expect(screen.queryByTestId('import-queue-place')).toBeNull());
  });

  it('sends each file in its own request, shows each answer, and the refused lines one by one', async () => {
    const user = userEvent.setup();
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    const udiff = new File(['TradDt,BizDt\n'], 'BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv', { type: 'text/csv' });
    const legacy = new File(['INSTRUMENT,SYMBOL\n'], 'fo05JUL2024bhav.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Files'), [udiff, legacy]);
    await user.selectOptions(screen.getByLabelText('Index of minute files'), 'NIFTY');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const rows = await screen.findAllByTestId('upload-row');
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(plainText(rows[1]!.textContent ?? '')).toContain('Refused'));
    expect(uploads).toEqual([
      { names: ['BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv'], index: 'NIFTY' },
      { names: ['fo05JUL2024bhav.csv'], index: 'NIFTY' },
    ]);
    expect(plainText(rows[0]!.textContent ?? '')).toContain('✓Imported: 1 day, 42 rows (12 of other instruments left out)');
    const lines = within(rows[1]!).getByTestId('refusal-lines');
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 3: STRIKE_PR "abc" is not a number',
      'Line 7: OPTION_TYP "XX" is not CE or PE',
      'The file: 4 more lines do not parse',
    ]);
    for (const name of ['Upload of BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv', 'Upload of fo05JUL2024bhav.csv']) {
      expect(screen.getByRole('progressbar', { name }).getAttribute('value')).toBe('1');
    }
    // The batch has its own bar: both files done, the refused one included.
    const batch = screen.getByRole('progressbar', { name: 'All 2 files' });
    expect([batch.getAttribute('value'), batch.getAttribute('max')]).toEqual(['2', '2']);
    expect(plainText(screen.getByTestId('batch-progress').textContent ?? '')).toBe('2 of 2 files done');
    // One file was imported: the coverage is read again.
    await waitFor(() => expect(coverageReads).toBe(2));
  });
});

describe('a first import', () => {
  it('replaces "No history imported yet" once the first file is in, while the next is still on its way (issue 62)', async () => {
    const user = userEvent.setup();
    shown = { ...coverage, indices: [], participants: null };
    let releaseSecond = () => {};
    let answered = 0;
    server.use(
      http.post(`${API}/api/market-history/imports/`, async () => {
        answered += 1;
        if (answered === 1) shown = coverage;
        else await new Promise<void>((release) => (releaseSecond = release));
        return HttpResponse.json({ files: [{ file_name: 'a.csv', status: 'imported', kind: 'bhavcopy_udiff', days: ['2024-07-08'], rows: 42, skipped_rows: 0 }] });
      }),
    );
    renderHistoryScreen();
    expect(await screen.findByText('No history imported yet')).toBeTruthy();
    const file = (name: string) => new File(['TradDt,BizDt\n'], name, { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Files'), [file('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv'), file('BhavCopy_NSE_FO_0_0_0_20240709_F_0000.csv')]);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByTestId('history-size');
    expect(screen.queryByText('No history imported yet')).toBeNull();
    expect(answered).toBe(2);
    releaseSecond();
    await waitFor(() => expect(coverageReads).toBe(3));
  });
});

describe('an import in French', () => {
  it('says each refused line in French, the file’s columns and values as the file has them', async () => {
    const user = userEvent.setup();
    renderHistoryScreen('fr');
    await screen.findByTestId('history-size');
    await user.upload(screen.getByLabelText('Fichiers'), [new File(['INSTRUMENT,SYMBOL\n'], 'fo05JUL2024bhav.csv', { type: 'text/csv' })]);
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    const lines = await screen.findByTestId('refusal-lines');
    expect(within(lines).getAllByRole('listitem').map((item) => plainText(item.textContent ?? ''))).toEqual([
      'Ligne 3 : STRIKE_PR « abc » n’est pas un nombre',
      'Ligne 7 : OPTION_TYP « XX » n’est ni CE ni PE',
      'Le fichier : 4 autres lignes ne se lisent pas',
    ]);
  });
});

describe('deleting a range', () => {
  it('asks, deletes the trader’s own days of one index, and says how many rows of others stay', async () => {
    const user = userEvent.setup();
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    await user.type(screen.getByLabelText('From'), '01/07/2024');
    await user.type(screen.getByLabelText('To'), '31/07/2024');
    await user.tab();
    await user.selectOptions(screen.getByLabelText('Index'), 'NIFTY');
    await user.click(screen.getByRole('button', { name: 'Delete my days' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(plainText(dialog.textContent ?? '')).toContain('The days you imported from 01 Jul 2024 to 31 Jul 2024 (NIFTY) will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my days' }));
    expect(plainText((await screen.findByRole('status')).textContent ?? '')).toBe('Deleted 250 option rows and 375 minute candles. 3 rows other traders imported stay.');
    expect(deletes).toEqual(['?from=2024-07-01&to=2024-07-31&index=NIFTY']);
  });

  it('refuses a range whose first day comes after its last, without asking the server', async () => {
    const user = userEvent.setup();
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    await user.type(screen.getByLabelText('From'), '31/07/2024');
    await user.type(screen.getByLabelText('To'), '01/07/2024');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Delete my days' }));
    expect(await screen.findByText('The first day must not come after the last.')).toBeTruthy();
    expect(deletes).toEqual([]);
  });
});

describe('fetching from Kite', () => {
  it('is not offered to a trader without a Kite account', async () => {
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    expect(screen.queryByRole('button', { name: 'Fetch from Kite' })).toBeNull();
  });

  it('sends the account, index and days, says how many Kite requests it takes, then what was stored', async () => {
    accounts = [paperAccount, kiteAccount];
    const user = userEvent.setup();
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: 'Fetch from Kite' })).closest('section')!;
    expect(within(panel).getByLabelText('Kite account')).toHaveProperty('value', '2');
    await user.selectOptions(within(panel).getByLabelText('Index'), 'BANKNIFTY');
    await user.type(within(panel).getByLabelText('From'), '01/01/2026');
    await user.type(within(panel).getByLabelText('To'), '31/03/2026');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Fetch from Kite' }));
    expect(plainText((await within(panel).findByRole('status')).textContent ?? '')).toBe('✓Stored 750 minute candles over 2 days, from 2 Kite requests.');
    expect(kiteFetches).toEqual([{ broker_account_id: 2, index: 'BANKNIFTY', from: '2026-01-01', to: '2026-03-31' }]);
    await waitFor(() => expect(coverageReads).toBe(2));
  });

  it.each([
    ['en', 'Fetch from Kite', 'From', 'To', '2 days were already held, so Kite’s candles of them were not stored again: NIFTY 16 Nov 2026 (from Dhan) and NIFTY 17 Nov 2026 (from an uploaded file).'],
    ['fr', 'Récupérer depuis Kite', 'Du', 'Au', '2 jours étaient déjà présents : les bougies Kite de ces jours n’ont pas été enregistrées à nouveau : NIFTY 16/11/2026 (de Dhan) et NIFTY 17/11/2026 (d’un fichier importé).'],
  ] as const)('says in %s which days were already held and by what, never "Stored 0"', async (locale, button, from, to, said) => {
    accounts = [kiteAccount];
    kiteAnswer = () =>
      HttpResponse.json({
        files: [{ file_name: 'Kite NSE:NIFTY 50 minutes 2026-11-16 to 2026-11-17', status: 'imported', kind: 'index_minutes', days: ['2026-11-16', '2026-11-17'], rows: 0, skipped_rows: 0, kept_days: [{ index: 'NIFTY', trade_date: '2026-11-16', source: 'Dhan' }, { index: 'NIFTY', trade_date: '2026-11-17' }] }],
        requests: 1,
      });
    const user = userEvent.setup();
    renderHistoryScreen(locale);
    const panel = (await screen.findByRole('heading', { name: button })).closest('section')!;
    await user.type(within(panel).getByLabelText(from), '16/11/2026');
    await user.type(within(panel).getByLabelText(to), '17/11/2026');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: button }));
    expect(plainText((await within(panel).findByTestId('kite-held-days')).textContent ?? '')).toBe(said);
    expect(within(panel).queryByText(/Stored 0|0 bougie/)).toBeNull();
  });

  it('tells a French trader their Kite app has no historical data, and refuses more than 366 days without asking', async () => {
    accounts = [kiteAccount];
    kiteAnswer = () => HttpResponse.json({ message: 'Kite refused historical candles', code: 'historical_data_not_enabled', field: 'broker_account_id' }, { status: 422 });
    const user = userEvent.setup();
    renderHistoryScreen('fr');
    const panel = (await screen.findByRole('heading', { name: 'Récupérer depuis Kite' })).closest('section')!;
    await user.type(within(panel).getByLabelText('Du'), '01/01/2025');
    await user.type(within(panel).getByLabelText('Au'), '31/03/2026');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Récupérer depuis Kite' }));
    expect(await within(panel).findByText('Au plus 366 jours à la fois : récupérez un historique plus long année par année.')).toBeTruthy();
    expect(kiteFetches).toEqual([]);
    await user.clear(within(panel).getByLabelText('Du'));
    await user.type(within(panel).getByLabelText('Du'), '01/01/2026');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Récupérer depuis Kite' }));
    expect(await within(panel).findByText(/l’application Kite Connect de ce compte n’a pas l’option de données historiques/)).toBeTruthy();
    expect(kiteFetches).toHaveLength(1);
  });
});
