import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { paramName, type FieldValue } from '@/features/portfolios/model/param-rules';
import { conditionMessages as m } from '@/features/portfolios/strategy-text/condition-messages';
import { minuteBefore, sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';

type ConditionSummaryProps = {
  /** The form's values (parameters under `params.`). */
  values: Readonly<Record<string, FieldValue>>;
};

// The form keeps what the trader typed as text: a field left empty or half-typed reads as the server's default.
const numberOf = (value: FieldValue | undefined, fallback: number) => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};

/**
 * The bot's conditions, product and stop-loss unit in a sentence each, from the values on the form now, so the
 * trader reads what the bot will do before saving it. Nothing is said of a setting the strategy does not have.
 */
export function ConditionSummary({ values }: ConditionSummaryProps) {
  const intl = useIntl();
  const headingId = useId();
  // Today's MIS cut-off by the server's word (a special session's own), never an hour of the app's.
  const cutOff = useAtomValue(sessionFactsAtom, { store }).today?.mis_square_off ?? null;
  const value = (key: string) => values[paramName(key)];
  const entry = typeof value('entry_condition') === 'string' ? String(value('entry_condition')) : 'none';
  const exit = typeof value('exit_condition') === 'string' ? String(value('exit_condition')) : 'none';
  const time = typeof value('condition_strikes_at') === 'string' && value('condition_strikes_at') !== '' ? String(value('condition_strikes_at')) : '09:20';
  const move = intl.formatMessage(m.move, { unit: value('premium_move_unit') === 'points' ? 'points' : 'percent', amount: numberOf(value('premium_move'), 20) });
  const level = numberOf(value('iv_level'), 15);
  const said = { time, move, level };
  const sentences: string[] = [];
  if (value('entry_condition') !== undefined) sentences.push(entry === 'none' ? intl.formatMessage(m.entryAtTime) : intl.formatMessage(m.entry, { kind: entry, ...said }));
  if (exit !== 'none') sentences.push(intl.formatMessage(m.exit, { kind: exit, ...said }));
  const premium = [entry, exit].some((kind) => kind.startsWith('premium_'));
  if (premium) sentences.push(intl.formatMessage(m.straddle, { time }));
  if ([entry, exit].some((kind) => kind.endsWith('_vwap'))) sentences.push(intl.formatMessage(m.vwap, { time }));
  if (value('product') === 'MIS') sentences.push(intl.formatMessage(m.mis, { cutOff: cutOff ?? 'none', exitBy: cutOff === null ? '' : minuteBefore(cutOff) }));
  if (value('risk_unit') === 'points') {
    sentences.push(intl.formatMessage(m.points, { stop: numberOf(value('stop_loss_points'), 30), target: numberOf(value('target_points'), 60) }));
  }
  if (sentences.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-1 rounded-md border border-line bg-surface-muted p-3 text-sm text-fg" data-testid="condition-summary">
      <h3 id={headingId} className="font-semibold">
        {intl.formatMessage(m.heading)}
      </h3>
      {sentences.map((sentence) => (
        <p key={sentence} className="break-words">
          {sentence}
        </p>
      ))}
    </section>
  );
}
