// @vitest-environment node
// The kill switch's summary names each cancelled order with what it was for (issue 62): the app says the
// server's chain of codes as the server's English says it, and in French.
import { describe, expect, it } from 'vitest';
import { sayServerText } from '@/i18n/say-server-text';
import { armedSummary } from '../../../server/services/trading/kill-switch-summaries.ts';
import { en, inFrench } from '../support/server-text-intl.ts';

const cancelled = [
  { tradingsymbol: 'NIFTY26JAN26000CE', purpose: 'stoploss' as const },
  { tradingsymbol: 'NIFTY26JAN26000CE', purpose: 'target' as const },
  { tradingsymbol: 'NIFTY26JAN26000PE', purpose: 'entry' as const },
  { tradingsymbol: 'NIFTY26JAN25900PE', purpose: null },
];
const filled = { status: 'COMPLETE' as const, status_message: null, status_message_i18n: null };
const rejected = { status: 'REJECTED' as const, status_message: 'RMS: blocked', status_message_i18n: null };

describe("the kill switch's cancelled orders, named", () => {
  it("says each order's purpose in the app's English as the server wrote it", () => {
    for (const summary of [armedSummary({ cancelled, exits: [filled] }), armedSummary({ cancelled: cancelled.slice(0, 1), exits: [rejected] })]) {
      expect(sayServerText(en, summary.i18n, '(no code)')).toBe(summary.text);
    }
  });

  it('says them in French', () => {
    expect(inFrench(armedSummary({ cancelled, exits: [filled] }))).toBe(
      'Nouveaux ordres bloqués ; 4 ordres en cours annulés (NIFTY26JAN26000CE stop-loss, NIFTY26JAN26000CE objectif, NIFTY26JAN26000PE entrée, NIFTY26JAN25900PE passé hors de StrikeDesk) ; 1 sortie exécutée',
    );
    expect(inFrench(armedSummary({ cancelled: cancelled.slice(1, 2), exits: [rejected] }))).toBe(
      'Nouveaux ordres bloqués ; 1 ordre en cours annulé (NIFTY26JAN26000CE objectif) ; 0 sortie exécutée ; 1 sortie non exécutée (RMS: blocked) : soldez-la vous-même',
    );
  });
});
