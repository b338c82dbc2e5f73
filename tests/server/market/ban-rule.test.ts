// The rule behind the F&O ban list (issue 63; fo_ban_rules, migration 128): a stock enters the ban over 95 % of its
// market-wide position limit and leaves it below 80 %, the open interest measured as the contracts' notional sum
// before 1 Oct 2025 and future-equivalent (delta-adjusted) from that day, each row with its source. The list itself
// is NSE's file, imported for any past trading day as well as the next one: a list of 30 Sep 2025 (the last day of
// the notional rule) and one of 1 Oct 2025 (the first of FutEq) are taken and read back beside the rule of their day.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { banRuleOn, inBanAfter } from '../../../server/services/market/ban-list/ban-rule.ts';
import { signedInAccount } from '../support/accounts.ts';
import { scriptedServerPerFile, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

type BanList = components['schemas']['BanList'];

describe('a stock in and out of the F&O ban', () => {
  const rule = { enterPct: 95, leavePct: 80 };
  it('enters over 95 % of its limit and stays in until the open interest is below 80 %', () => {
    expect(inBanAfter(rule, 95, false)).toBe(false);
    expect(inBanAfter(rule, 95.01, false)).toBe(true);
    // In the ban, a fall to 90 % or 80 % keeps it there; 79.99 % lets it out.
    expect(inBanAfter(rule, 90, true)).toBe(true);
    expect(inBanAfter(rule, 80, true)).toBe(true);
    expect(inBanAfter(rule, 79.99, true)).toBe(false);
    // Out of it, 90 % is no reason to go in.
    expect(inBanAfter(rule, 90, false)).toBe(false);
  });
});

describe.each(testBackends)('the F&O ban rule by date on %s', (backend) => {
  let started: ScriptedServer;
  scriptedServerPerFile(backend, (server) => (started = server));

  it('is the notional rule until 30 Sep 2025 and the future-equivalent one from 1 Oct 2025, each with its source', async () => {
    const before = await banRuleOn(started.server.db, '2025-09-30');
    expect(before).toMatchObject({ effectiveFrom: null, oiMeasure: 'notional', enterPct: 95, leavePct: 80, checksADayAtLeast: null });
    expect(before.source).toContain('5paisa');
    const from = await banRuleOn(started.server.db, '2025-10-01');
    expect(from).toMatchObject({ effectiveFrom: '2025-10-01', oiMeasure: 'futures_equivalent', enterPct: 95, leavePct: 80, checksADayAtLeast: 4 });
    expect(from.mwpl).toContain('65 × average daily delivery value');
    expect(from.source).toContain('SEBI circular of 29 May 2025');
    expect(await banRuleOn(started.server.db, '2026-11-23')).toEqual(from);
  });

  it("imports NSE's file of a past trade date, on either side of the change of measure", async () => {
    const { call } = started;
    const { token } = await signedInAccount(call);
    const importFile = (text: string) => call<BanList>('importBanList', { token, body: { file_text: text } });
    const old = await importFile('Securities in Ban For Trade Date 30-SEP-2025:\n1,SAIL\n');
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    expect(old.body).toMatchObject({ trade_date: '2025-09-30', symbols: ['SAIL'], imported: true });
    const first = await importFile('Securities in Ban For Trade Date 01-OCT-2025: NIL\n');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ trade_date: '2025-10-01', symbols: [], imported: true });
    const read = await call<BanList>('getBanList', { token, query: { day: '2025-09-30' } });
    expect(read.body).toMatchObject({ known: true, symbols: ['SAIL'] });
  });
});
