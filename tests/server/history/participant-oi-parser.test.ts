// NSE's participant-wise open interest (fao_participant_oi_DDMMYYYY.csv) on a real day's file in its
// published layout (28 Aug 2026: the doubled-quoted title padded with commas, tabs inside column names,
// CRLF), and damaged files refused with the line and the column.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './file-refusal.ts';
import { isParticipantOiFile, parseParticipantOi } from '../../../server/services/history/participant-oi-parser.ts';

const name = 'fao_participant_oi_28082026.csv';
const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const lines = text.split('\r\n');

describe('participant-wise open interest file', () => {
  it('is told by its title, or by its name and header when the title is gone', () => {
    expect(isParticipantOiFile(lines[0] as string, 'upload.csv')).toBe(true);
    expect(isParticipantOiFile(lines[1] as string, name)).toBe(true);
    // The participant-wise trading volume file has the same header: not this file.
    expect(isParticipantOiFile('"Participant wise Trading Volume (no. of contracts) in Equity Derivatives as on Aug 28, 2026",,,', 'fao_participant_vol_28082026.csv')).toBe(false);
    expect(isParticipantOiFile('Index Name,Index Date,Open Index Value', name)).toBe(false);
  });

  it("reads the day and each participant's twelve counts as published", () => {
    const parsed = parseParticipantOi(text, name);
    expect(parsed.tradeDate).toBe('2026-08-28');
    expect(parsed.rows.map((row) => row.participant)).toEqual(['Client', 'DII', 'FII', 'Pro']);
    const fii = parsed.rows.find((row) => row.participant === 'FII');
    // Future Index Long/Short, Future Stock Long/Short, Option Index Call Long, Put Long, Call Short, Put Short, then stock options.
    expect(fii?.contracts).toEqual([24157, 226790, 3433551, 2884325, 536783, 1018674, 766803, 424314, 74429, 163476, 177472, 86926]);
    expect(parsed.rows.find((row) => row.participant === 'Client')?.contracts.slice(0, 2)).toEqual([240128, 63169]);
  });

  it('takes the date from the title when the name has none, and from the name when the title has none', () => {
    expect(parseParticipantOi(text, 'upload.csv').tradeDate).toBe('2026-08-28');
    expect(parseParticipantOi(lines.slice(1).join('\n'), name).tradeDate).toBe('2026-08-28');
    // The 2012-2016 title: single quotes, no space after the comma; CLIENT_TYPE and Total as the 2012 files have them.
    const older = [`'Participant wise Open Interest (no. of contracts) in Equity Derivatives as on Feb 01,2012'`, (lines[1] as string).replace('Client Type', 'CLIENT_TYPE'), ...lines.slice(2, 6), (lines[6] as string).replace('TOTAL', 'Total')];
    expect(parseParticipantOi(older.join('\n'), 'upload.csv').tradeDate).toBe('2012-02-01');
  });

  it('refuses a title and a name that disagree, and a file with no date at all', () => {
    expect(refusalOf(() => parseParticipantOi(text, 'fao_participant_oi_27082026.csv')).problems).toEqual([
      expect.objectContaining({ line: 1, reason: "the title's date 2026-08-28 differs from the file name's 2026-08-27" }),
    ]);
    expect(refusalOf(() => parseParticipantOi(lines.slice(1).join('\n'), 'upload.csv')).problems[0]?.reason_i18n.code).toBe('history.participant_no_date');
  });

  it('refuses a damaged file naming each line and its column', () => {
    const damaged = [...lines];
    damaged[3] = (damaged[3] as string).replace('DII,43377,', 'DII,43x77,');
    damaged[4] = (damaged[4] as string).replace(',766803,', ',,');
    expect(refusalOf(() => parseParticipantOi(damaged.join('\r\n'), name)).problems).toEqual([
      {
        line: 4,
        reason: 'Future Index Long "43x77" is not a whole number',
        reason_i18n: { code: 'history.not_a_whole_number', params: { column: 'Future Index Long', value: { code: 'text', params: { text: '43x77' } } } },
      },
      expect.objectContaining({ line: 5, reason: 'Option Index Call Short "" is not a whole number' }),
    ]);
  });

  it('refuses a TOTAL line that is not the participants\' sum (a figure altered in transit)', () => {
    const altered = text.replace('FII,24157,226790', 'FII,24157,226791');
    expect(refusalOf(() => parseParticipantOi(altered, name)).problems).toEqual([
      {
        line: 7,
        reason: 'Future Index Short: the TOTAL line says 349024, the participants add up to 349025',
        reason_i18n: { code: 'history.participant_total_differs', params: { column: 'Future Index Short', total: 349024, sum: 349025 } },
      },
    ]);
  });

  it('refuses a missing participant, one twice, an unknown one, and a header without its columns', () => {
    const withoutPro = lines.filter((line) => !line.startsWith('Pro,') && !line.startsWith('TOTAL')).join('\n');
    expect(refusalOf(() => parseParticipantOi(withoutPro, name)).problems).toEqual([expect.objectContaining({ line: 0, reason: 'the file has no Pro line' })]);
    const twice = [...lines.slice(0, 5), lines[4], 'Other,1,1,1,1,1,1,1,1,1,1,1,1,1,1', ...lines.slice(5)].join('\n');
    expect(refusalOf(() => parseParticipantOi(twice, name)).problems).toEqual([
      expect.objectContaining({ line: 6, reason: 'FII appears twice' }),
      expect.objectContaining({ line: 7, reason: 'Client Type "Other" is not Client, DII, FII, Pro or TOTAL' }),
    ]);
    const cut = [lines[0], (lines[1] as string).replace(',Option Stock Put Short', ''), ...lines.slice(2)].join('\n');
    expect(refusalOf(() => parseParticipantOi(cut, name)).problems).toEqual([expect.objectContaining({ line: 2, reason: 'the header lacks Option Stock Put Short' })]);
    expect(refusalOf(() => parseParticipantOi('Participant wise Open Interest as on Aug 28, 2026\nwhatever\n', name)).problems[0]).toMatchObject({ line: 1, reason_i18n: { code: 'history.participant_header' } });
  });
});
