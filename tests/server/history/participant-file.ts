// A day's fao_participant_oi file in NSE's published layout, built from counts, with the TOTAL line and the
// total columns computed as NSE's are: for tests that need more days than the real fixture's one.
const header =
  'Client Type,Future Index Long,Future Index Short,Future Stock Long,Future Stock Short\t,Option Index Call Long,Option Index Put Long,' +
  'Option Index Call Short,Option Index Put Short,Option Stock Call Long,Option Stock Put Long,Option Stock Call Short,Option Stock Put Short,' +
  'Total Long Contracts\t,Total Short Contracts\t';

/** 28 Aug 2026's counts (the fixture), in the file's column order (twelve, without the totals). */
export const august28: Record<'Client' | 'DII' | 'FII' | 'Pro', number[]> = {
  Client: [240128, 63169, 3366585, 205567, 3303540, 2438836, 3212343, 3163902, 1583362, 661864, 1011551, 1002934],
  DII: [43377, 23164, 287023, 4451007, 4676, 34529, 326, 40, 4567, 39726, 211516, 10497],
  FII: [24157, 226790, 3433551, 2884325, 536783, 1018674, 766803, 424314, 74429, 163476, 177472, 86926],
  Pro: [41362, 35901, 806481, 352741, 1056433, 967418, 921960, 871201, 691079, 814550, 952898, 579259],
};

const longs = [0, 2, 4, 5, 8, 9];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The file of `day` (ISO) with `counts`; its name is fao_participant_oi_DDMMYYYY.csv. */
export function participantFile(day: string, counts: Record<string, number[]> = august28): { name: string; text: string } {
  const [year, month, date] = day.split('-');
  const withTotals = (values: number[]) => {
    const long = values.reduce((sum, value, i) => sum + (longs.includes(i) ? value : 0), 0);
    const short = values.reduce((sum, value, i) => sum + (longs.includes(i) ? 0 : value), 0);
    return [...values, long, short].join(',');
  };
  const rows = Object.entries(counts).map(([participant, values]) => `${participant},${withTotals(values)}`);
  const total = Array.from({ length: 12 }, (_, i) => Object.values(counts).reduce((sum, values) => sum + (values[i] as number), 0));
  const title = `""Participant wise Open Interest (no. of contracts) in Equity Derivatives as on ${months[Number(month) - 1]} ${date}, ${year}"",,,,,,,,,,,,,,`;
  return { name: `fao_participant_oi_${date}${month}${year}.csv`, text: [title, header, ...rows, `TOTAL,${withTotals(total)}`, ''].join('\r\n') };
}

/** 28 Aug 2026's counts with the FII's index futures long set to `fiiLong` (the rest as that day). */
export function withFiiIndexLong(fiiLong: number): Record<string, number[]> {
  return { ...august28, FII: [fiiLong, ...august28.FII.slice(1)] };
}
