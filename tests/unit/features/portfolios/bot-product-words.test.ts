// @vitest-environment node
// The bot form's product says what a bot does with it (issue 62): a bot closes its position at its exit time
// the same day whichever product it trades, so neither choice may promise a position carried overnight ("carry
// forward", "Overnight", "Report"), and the one hint says both that and what each product changes (margin, the
// broker's MIS cut-off), in English and French.
import { describe, expect, it } from 'vitest';
import { paramFields } from '@/features/portfolios/model/param-schema';
import { localiseParams } from '@/features/portfolios/strategy-text/strategy-text';
import { productChoice } from '../../../../server/services/strategies/param-fields.ts';
import { en, fr } from '../../support/server-text-intl.ts';

function productField(intl: typeof en) {
  const [field] = localiseParams(paramFields({ type: 'object', properties: productChoice }), 'short_straddle', intl);
  if (field?.kind !== 'enum') throw new Error('the product is a choice');
  return field;
}

describe("the bot form's product", () => {
  it('names NRML by its margin, never as carried overnight, and says the bot closes at its exit time the same day', () => {
    const field = productField(en);
    expect(field.optionLabels).toEqual(['Full margin (NRML)', 'Intraday (MIS)']);
    expect(field.hint).toMatch(/^What the bot’s orders go out as\. Either way the bot closes its position at its exit time, the same day: it holds nothing overnight\./);
    expect(field.hint).toContain('Intraday (MIS): lower margin, and the bot is flat a minute before the broker’s MIS cut-off of the day if that comes first');
    for (const words of [...(field.optionLabels ?? []), field.hint ?? '']) expect(words).not.toMatch(/carry|carried forward|Overnight \(/i);
  });

  it('says the same in French', () => {
    const field = productField(fr);
    expect(field.optionLabels).toEqual(['Marge complète (NRML)', 'Intrajournalier (MIS)']);
    expect(field.hint).toMatch(/^Ce que portent les ordres du bot\. Dans les deux cas, le bot clôt sa position à son heure de sortie, le jour même : il ne garde rien d’un jour à l’autre\./);
    for (const words of [...(field.optionLabels ?? []), field.hint ?? '']) expect(words).not.toMatch(/report/i);
  });
});
