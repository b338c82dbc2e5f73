import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { StaleNote } from '@/components/ui/stale-note';
import { deletePortfolioProtection, type ProtectionAnswer } from '@/features/positions/api/protection-calls';
import { ProtectionDialog } from '@/features/positions/components/protection-dialog';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { levelDistances } from '@/features/positions/model/protection-distances';
import { protectionMessages as messages } from '@/features/positions/protection-messages';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { sayRefusal } from '@/i18n/say-refusal';

/** The protection as its screen follows it (src/app/trading/use-protection.ts): the last answer, live, and when it was read if it is only the last known. */
export type ProtectionRead = { answer: ProtectionAnswer | null; asOf: number | null };

/**
 * The portfolio's protection: the MTM now, each level in force (the stop-loss as the trailing moved it, or
 * the profit lock, and the target) with its distance in rupees and in percent of the margin it was set
 * against, moving with the prices; when one fired, when, why and at what MTM, and how the exit went.
 * On Positions (`full`) it is set, changed and cleared here; the desk (`desk`) shows the same levels in the
 * same words, only while there is a protection, with a link to Positions to change it.
 */
export function ProtectionPanel({
  portfolioId,
  read,
  onChanged,
  disabled,
  variant = 'full',
}: {
  portfolioId: number;
  read: ProtectionRead;
  onChanged: (answer: ProtectionAnswer) => void;
  disabled: boolean;
  variant?: 'full' | 'desk';
}) {
  const intl = useIntl();
  const { formatSignedInr, formatInr, formatPercent, formatTime } = useFormat();
  const [editing, setEditing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { answer, asOf } = read;
  const full = variant === 'full';
  // Both variants can be on one page (the desk's and Positions' never are, but ids must not depend on it).
  const titleId = `portfolio-protection-${variant}`;

  if (answer === null || answer.portfolio_id !== portfolioId) return null;
  // The desk has no room for a protection that is not there: Positions offers to set one.
  if (!full && answer.protection === null) return null;
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const protection = answer.protection;
  const mtmKnown = answer.priced && answer.mtm !== null;

  const handleClear = async () => {
    setClearing(true);
    setError(null);
    try {
      onChanged(await deletePortfolioProtection(portfolioId));
    } catch (failure) {
      setError(isApiError(failure) ? sayRefusal(intl, failure) : String(failure));
    } finally {
      setClearing(false);
    }
  };

  const detailOf = (kind: string): string | null => {
    if (protection === null) return null;
    const every = protection.trail_every;
    const by = protection.trail_by;
    if (kind === 'trailing_stop_loss' && every !== null && by !== null && protection.stop_loss !== null) {
      return intl.formatMessage(messages.trailFrom, { from: formatSignedInr(protection.stop_loss, two), by: formatInr(by, two), every: formatInr(every, two) });
    }
    if (kind === 'stop_loss' && every !== null && by !== null) return intl.formatMessage(messages.trailWaiting, { by: formatInr(by, two), every: formatInr(every, two) });
    return null;
  };
  const lockWaiting =
    protection !== null && protection.armed && protection.lock_at !== null && protection.lock_keep !== null && protection.stop?.kind !== 'profit_lock'
      ? intl.formatMessage(messages.lockWaiting, { keep: formatSignedInr(protection.lock_keep, two), at: formatSignedInr(protection.lock_at, two) })
      : null;

  return (
    <section
      className={`flex flex-col rounded-lg border border-line ${full ? 'gap-3 p-3' : 'gap-2 p-2'}`}
      aria-labelledby={titleId}
      data-protection-state={protection === null ? 'none' : protection.armed ? 'armed' : 'fired'}
      data-variant={variant}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className={`font-semibold text-fg ${full ? 'text-lg' : 'text-base'}`}>
          {intl.formatMessage(messages.title)}
        </h2>
        {full ? (
          <div className="flex gap-2">
            <Button variant="secondary" disabled={disabled || asOf !== null} onClick={() => setEditing(true)}>
              {intl.formatMessage(protection?.armed ? messages.change : messages.set)}
            </Button>
            {protection !== null && (
              <Button variant="ghost" busy={clearing} disabled={disabled || asOf !== null} onClick={() => void handleClear()}>
                {intl.formatMessage(messages.clear)}
              </Button>
            )}
          </div>
        ) : (
          <Link to="/app/position" className="inline-flex min-h-11 items-center text-sm font-medium text-brand underline">
            {intl.formatMessage(messages.changeOnPositions)}
          </Link>
        )}
      </div>
      {asOf !== null && <StaleNote asOf={asOf} />}
      {full && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.hint)}</p>}
      <p className="text-sm" data-field="mtm">
        <span className="me-2">{intl.formatMessage(messages.mtm)}</span>
        {mtmKnown ? <span className={`font-semibold ${pnlTone(answer.mtm!)}`}>{formatSignedInr(answer.mtm!, two)}</span> : intl.formatMessage(messages.mtmUnknown)}
        {protection?.armed && (
          <span className="ms-3 text-fg-muted" data-field="peak">
            {intl.formatMessage(messages.peak)}
            <span className="ms-2">{formatSignedInr(protection.peak_mtm, two)}</span>
          </span>
        )}
      </p>
      {protection === null && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.none)}</p>}
      {protection !== null && protection.armed && (
        <ul className="flex flex-col gap-2">
          {levelDistances(answer).map((level) => (
            <li key={level.kind} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm" data-protection-level={level.kind === 'target' ? 'target' : 'stop'} data-kind={level.kind}>
              <span className="font-medium">{intl.formatMessage(messages.kind, { kind: level.kind })}</span>
              <span className="font-semibold tabular-nums" data-field="level">
                {formatSignedInr(level.level, two)}
              </span>
              {level.away !== null && (
                <span className="text-fg-muted tabular-nums" data-field="distance">
                  {level.awayOfMargin === null
                    ? intl.formatMessage(messages.away, { amount: formatInr(level.away, two) })
                    : intl.formatMessage(messages.awayPercent, { amount: formatInr(level.away, two), percent: formatPercent(level.awayOfMargin, { maximumFractionDigits: 1 }) })}
                </span>
              )}
              {detailOf(level.kind) !== null && <span className="basis-full text-xs text-fg-muted">{detailOf(level.kind)}</span>}
            </li>
          ))}
          {lockWaiting !== null && <li className="text-xs text-fg-muted">{lockWaiting}</li>}
        </ul>
      )}
      {protection?.fired && (
        <div role="status" className="flex flex-col gap-1 rounded-md bg-surface-muted p-2 text-sm" data-field="fired">
          <p className="font-medium">
            {intl.formatMessage(messages.fired, {
              kind: protection.fired.kind,
              time: formatTime(protection.fired.at),
              mtm: formatSignedInr(protection.fired.mtm, two),
              level: formatSignedInr(protection.fired.level, two),
            })}
          </p>
          <p>{intl.formatMessage(messages.exit, { status: protection.fired.exit_status, message: protection.fired.exit_message ?? '' })}</p>
          <p className="text-fg-muted">{intl.formatMessage(messages.rearm)}</p>
        </div>
      )}
      <FormError>{error}</FormError>
      {editing && (
        <ProtectionDialog
          portfolioId={portfolioId}
          answer={answer}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            onChanged(next);
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}
