// Why NSE's participant-wise open interest file (fao_participant_oi_DDMMYYYY.csv) or one of its lines was
// refused, said in English and as a coded text like every history file's reason (history-texts.ts).
import { said, words, type Said } from './said.ts';

export const participantTexts = {
  header: said(
    'history.participant_header',
    {},
    'no header line "Client Type,Future Index Long,…" in the first two lines of this participant-wise open interest file',
  ),
  unknown: (value: string): Said =>
    said('history.participant_unknown', { value: words(value).i18n }, `Client Type "${value}" is not Client, DII, FII, Pro or TOTAL`),
  twice: (participant: string): Said => said('history.participant_twice', { participant }, `${participant} appears twice`),
  missing: (participants: readonly string[]): Said =>
    said('history.participant_missing', { participants: participants.join(', ') }, `the file has no ${participants.join(', ')} line`),
  totalDiffers: (column: string, total: number, sum: number): Said =>
    said('history.participant_total_differs', { column, total, sum }, `${column}: the TOTAL line says ${total}, the participants add up to ${sum}`),
  noDate: said(
    'history.participant_no_date',
    {},
    'no date: neither the title ("… as on Aug 28, 2026") nor the file name (fao_participant_oi_28082026.csv) gives one',
  ),
  datesDiffer: (titleDate: string, nameDate: string): Said =>
    said('history.participant_dates_differ', { title_date: titleDate, name_date: nameDate }, `the title's date ${titleDate} differs from the file name's ${nameDate}`),
  rangeTooLong: (limit: number, days: number): Said =>
    said('history.participant_range_too_long', { limit, days }, `to: at most ${limit} days a request (asked ${days}): read a longer history a year at a time`),
};
