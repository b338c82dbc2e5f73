import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { deleteSavedStrategy, loadSavedStrategies, saveStrategy } from '@/features/strategies/model/saved-strategies-store';
import { shareLink, type SavedStrategy } from '@/features/strategies/model/saved-strategy';
import { savedItemText, savedMessages } from '@/features/strategies/strategy-builder-messages';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useFormat } from '@/lib/format/use-format';

type SavedStrategiesProps = {
  /** The strategy on screen as it would be saved (null with no leg). */
  current: Omit<SavedStrategy, 'name'> | null;
  onOpen: (strategy: SavedStrategy) => void;
};

/** The bot form the portfolio screen opens from a link, for a strategy with a preset's structure. */
export function botLink(strategy: { preset: string | null; index: string }, name: string): string | null {
  if (strategy.preset === null) return null;
  const query = new URLSearchParams({ strategy: strategy.preset, underlying: strategy.index, name, kind: 'daily' });
  return `/app/portfolio?${query.toString()}`;
}

/** Name and save the strategy on this device, reopen or delete a saved one, copy its share link, save it as a bot. */
export function SavedStrategies({ current, onOpen }: SavedStrategiesProps) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const headingId = useId();
  const [name, setName] = useState('');
  const [list, setList] = useState<SavedStrategy[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void loadSavedStrategies().then((loaded) => {
      if (!active) return;
      if (loaded.status === 'ready') setList(loaded.strategies);
      else setUnavailable(true);
    });
    return () => {
      active = false;
    };
  }, []);

  const chosenName = name.trim() === '' ? intl.formatMessage(savedMessages.defaultName) : name.trim();
  const handleSave = async () => {
    if (current === null) return;
    try {
      setList(await saveStrategy({ ...current, name: chosenName }));
      setNote(intl.formatMessage(savedMessages.saved));
    } catch {
      setNote(intl.formatMessage(savedMessages.saveFailed));
    }
  };
  // The link is also shown, selectable: a browser without clipboard access still lets it be copied.
  const handleShare = async (strategy: SavedStrategy) => {
    const url = shareLink(window.location.origin, strategy);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setNote(intl.formatMessage(savedMessages.copied));
    } catch {
      setNote(null);
    }
  };
  const bot = current === null ? null : botLink(current, chosenName);

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3 sm:p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-fg">{intl.formatMessage(savedMessages.title)}</h2>
      <div className="flex flex-wrap items-end gap-2">
        <TextField label={intl.formatMessage(savedMessages.name)} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} className="min-w-48 flex-1" />
        <Button variant="secondary" onClick={() => void handleSave()} disabled={current === null || unavailable}>{intl.formatMessage(savedMessages.save)}</Button>
        {bot !== null ? (
          <Link to={bot} className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90">
            {intl.formatMessage(savedMessages.saveAsBot)}
          </Link>
        ) : (
          current !== null && <p className="text-sm text-fg-muted">{intl.formatMessage(savedMessages.botNeedsPreset)}</p>
        )}
      </div>
      {note !== null && <p role="status" className="text-sm text-fg">{note}</p>}
      {link !== null && <TextField label={intl.formatMessage(savedMessages.link)} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />}
      {unavailable ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(savedMessages.unavailable)}</p>
      ) : list !== null && list.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(savedMessages.none)}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {(list ?? []).map((strategy) => (
            <li key={strategy.name} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line p-2" data-testid="saved-strategy">
              <span className="flex flex-col">
                <span className="font-medium text-fg">{strategy.name}</span>
                <span className="text-xs text-fg-muted">
                  {intl.formatMessage(savedItemText, { index: strategy.index, legs: strategy.legs.length, time: formatDateTime(strategy.takenAt) })}
                </span>
              </span>
              <span className="flex flex-wrap gap-1">
                <Button variant="secondary" onClick={() => onOpen(strategy)}>{intl.formatMessage(savedMessages.open)}</Button>
                <Button variant="ghost" onClick={() => void handleShare(strategy)}>{intl.formatMessage(savedMessages.share)}</Button>
                <Button variant="ghost" onClick={() => void deleteSavedStrategy(strategy.name).then(setList).catch(() => undefined)}>{intl.formatMessage(savedMessages.remove)}</Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
