import { useEffect, useMemo, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { getLastPrices, type AnalyticsAnswer } from '@/features/analytics/api/analytics-reads';
import { squarify } from '@/features/analytics/charts/treemap';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { useIndexChoices } from '@/features/analytics/hooks/use-index-choices';
import type { IndexName } from '@/features/market/api/get-expiries';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { expiriesForTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import { indexInstruments } from '@/features/market/market-messages';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  title: { id: 'analytics.heatMapTitle', defaultMessage: 'Heat map' },
  description: {
    id: 'analytics.heatMapDescription',
    defaultMessage: 'The nearest expiry’s options around the money: each tile sized by open interest and coloured by its premium’s change today.',
  },
  index: { id: 'analytics.heatMap.index', defaultMessage: 'Index' },
  legend: { id: 'analytics.heatMap.legend', defaultMessage: 'Premium change today' },
  details: { id: 'analytics.heatMap.details', defaultMessage: 'Details' },
  tapHint: { id: 'analytics.heatMap.tapHint', defaultMessage: 'Tap a tile for its figures.' },
  last: { id: 'analytics.heatMap.last', defaultMessage: 'Last price' },
  change: { id: 'analytics.heatMap.change', defaultMessage: 'Change' },
  oi: { id: 'analytics.heatMap.oi', defaultMessage: 'Open interest (lakh)' },
  iv: { id: 'analytics.heatMap.iv', defaultMessage: 'Implied volatility' },
  trade: { id: 'analytics.heatMap.trade', defaultMessage: 'Trade on the desk' },
  lotSize: { id: 'analytics.heatMap.lotSize', defaultMessage: 'Lot size' },
  empty: { id: 'analytics.heatMap.empty', defaultMessage: 'No open interest to show yet.' },
  mapLabel: { id: 'analytics.heatMap.mapLabel', defaultMessage: 'Options by open interest and premium change' },
});

const tileLabel = defineMessage<{ strike: MessageValue; type: MessageValue; change: MessageValue; oi: MessageValue }>({
  id: 'analytics.heatMap.tile',
  defaultMessage: '{strike} {type}: {change}, open interest {oi} lakh',
});

const tileName = defineMessage<{ strike: MessageValue; type: MessageValue }>({ id: 'analytics.heatMap.tileName', defaultMessage: '{strike} {type}' });
const tileChange = defineMessage<{ mark: MessageValue; change: MessageValue }>({ id: 'analytics.heatMap.tileChange', defaultMessage: '{mark} {change}' });

/** Strikes either side of the money on the map. */
const strikesEachSide = 10;

/**
 * Change buckets: the colour repeats what the sign and the arrows say (▲▲ up 20 % or more … ▼▼ down 20 %
 * or more), so the legend and the tiles read without colour.
 */
const buckets = [
  { min: 20, mark: '▲▲', tone: 'bg-profit text-surface', range: '≥ +20 %' },
  // Dark mode's profit and loss are light: a thinner wash keeps the light text at 4.5:1 or more.
  { min: 5, mark: '▲', tone: 'bg-profit/60 dark:bg-profit/40 text-fg', range: '+5 … +20 %' },
  { min: 0, mark: '△', tone: 'bg-profit/20 text-fg', range: '0 … +5 %' },
  { min: -5, mark: '▽', tone: 'bg-loss/20 text-fg', range: '−5 … 0 %' },
  { min: -20, mark: '▼', tone: 'bg-loss/60 dark:bg-loss/40 text-fg', range: '−20 … −5 %' },
  { min: -Infinity, mark: '▼▼', tone: 'bg-loss text-surface', range: '≤ −20 %' },
] as const;

const bucketOf = (changePct: number) => buckets.find((bucket) => changePct >= bucket.min) ?? buckets[buckets.length - 1]!;

type HeatTile = { instrument: OptionInstrument; last: number; changePct: number; oi: number; iv: number | null };
type HeatMapData = { spot: number | null; tiles: HeatTile[] };

/** The underlying's price, then the contracts within `strikesEachSide` strikes of it, in two market_data reads. */
async function readHeatMap(index: IndexName): Promise<AnalyticsAnswer<HeatMapData>> {
  const underlying = indexInstruments.find((item) => item.index === index)!.instrument;
  const expiry = (await expiriesForTheDay(index))[0];
  if (expiry === undefined) throw new Error(`no expiry listed for ${index}`);
  const chain = await instrumentsForTheDay(index, expiry.date);
  const spotAnswer = await getLastPrices([underlying]);
  const spot = spotAnswer.value.data[underlying]?.last_price ?? null;
  const strikes = [...new Set(chain.instruments.map((item) => item.strike))].sort((a, b) => a - b);
  const atm = spot === null ? strikes[Math.floor(strikes.length / 2)] : strikes.reduce((best, strike) => (Math.abs(strike - spot) < Math.abs(best - spot) ? strike : best), strikes[0]!);
  const at = strikes.indexOf(atm ?? 0);
  const chosen = new Set(strikes.slice(Math.max(0, at - strikesEachSide), at + strikesEachSide + 1));
  const contracts = chain.instruments.filter((item) => chosen.has(item.strike));
  const answer = await getLastPrices(contracts.map((item) => item.instrument));
  const tiles = contracts.flatMap((instrument) => {
    const quote = answer.value.data[instrument.instrument];
    if (quote === undefined || quote.oi === undefined || quote.change_percent === undefined) return [];
    return [{ instrument, last: quote.last_price, changePct: quote.change_percent, oi: quote.oi, iv: quote.iv ?? null }];
  });
  return { ...answer, value: { spot, tiles } };
}

/**
 * The map's size in CSS pixels: the width it is given, and a height that makes it landscape on a wide screen
 * and portrait on a phone, so tiles stay big enough to read.
 */
function useMapSize() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const height = width < 640 ? Math.round(width * 1.5) : Math.round(Math.min(640, width * 0.56));
  return { box, width, height };
}

function HeatMap({ data, selected, onSelect }: { data: HeatMapData; selected: string | null; onSelect: (instrument: string) => void }) {
  const intl = useIntl();
  const { formatPercent, formatLakh } = useFormat();
  const { box, width: mapWidth, height: mapHeight } = useMapSize();
  const tiles = useMemo(() => squarify(data.tiles, (tile) => tile.oi, mapWidth, mapHeight), [data.tiles, mapWidth, mapHeight]);
  if (data.tiles.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.empty)}</p>;
  const percent = (value: number) => formatPercent(value / 100, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return (
    <div ref={box} className="w-full">
      <ul aria-label={intl.formatMessage(messages.mapLabel)} className="relative w-full overflow-hidden rounded-lg border border-line" style={{ height: mapHeight, direction: 'ltr' }}>
        {tiles.map(({ item, x, y, width, height }) => {
          const bucket = bucketOf(item.changePct);
          // Tiles too small for their words show only the change's mark (their button still names everything).
          const roomy = width > 64 && height > 34;
          return (
            <li key={item.instrument.instrument} className="absolute p-px" style={{ left: x, top: y, width, height }}>
              <button
                type="button"
                aria-pressed={selected === item.instrument.instrument}
                aria-label={intl.formatMessage(tileLabel, { strike: item.instrument.strike, type: item.instrument.instrument_type, change: percent(item.changePct), oi: formatLakh(item.oi) })}
                onClick={() => onSelect(item.instrument.instrument)}
                className={`flex size-full flex-col items-center justify-center overflow-hidden rounded-sm text-[0.7rem] leading-tight ${bucket.tone} aria-pressed:ring-2 aria-pressed:ring-fg focus-visible:outline-2 focus-visible:outline-brand`}
              >
                {roomy ? (
                  <>
                    <span className="font-semibold">{intl.formatMessage(tileName, { strike: item.instrument.strike, type: item.instrument.instrument_type })}</span>
                    <span className="tabular-nums">{intl.formatMessage(tileChange, { mark: bucket.mark, change: percent(item.changePct) })}</span>
                  </>
                ) : (
                  <span aria-hidden="true">{bucket.mark}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Legend() {
  const intl = useIntl();
  return (
    <div>
      <h2 className="text-xs font-medium text-fg-muted">{intl.formatMessage(messages.legend)}</h2>
      <ul className="mt-1 flex flex-wrap gap-2 text-xs">
        {buckets.map((bucket) => (
          <li key={bucket.mark} className={`rounded px-2 py-0.5 ${bucket.tone}`}>
            <span aria-hidden="true">{bucket.mark} </span>
            <span className="tabular-nums">{bucket.range}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Details({ tile, lotSize }: { tile: HeatTile; lotSize: number | null }) {
  const intl = useIntl();
  const { formatNumber, formatPercent, formatLakh } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const rows: Array<[string, string]> = [
    [intl.formatMessage(messages.last), formatNumber(tile.last, two)],
    [intl.formatMessage(messages.change), formatPercent(tile.changePct / 100, { maximumFractionDigits: 2, signDisplay: 'exceptZero' })],
    [intl.formatMessage(messages.oi), formatLakh(tile.oi)],
    [intl.formatMessage(messages.iv), tile.iv === null ? '—' : formatPercent(tile.iv / 100, { maximumFractionDigits: 1 })],
    ...(lotSize === null ? [] : [[intl.formatMessage(messages.lotSize), formatNumber(lotSize)] as [string, string]]),
  ];
  const link = `/app/dashboards/live-trade?${new URLSearchParams({ symbol: tile.instrument.tradingsymbol, exchange: tile.instrument.exchange, side: 'BUY' }).toString()}`;
  return (
    <section aria-labelledby="heat-map-details" className="rounded-lg border border-line bg-surface p-3">
      <h2 id="heat-map-details" className="text-sm font-semibold text-fg">{tile.instrument.tradingsymbol}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to={link} className="mt-3 inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90">
        {intl.formatMessage(messages.trade)}
      </Link>
    </section>
  );
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * /app/heat_map: where the open interest sits around the money and how its premiums moved today. A chosen
 * tile's figures sit beside the map on a wide screen and under it on a phone, where the page scrolls just
 * enough to show them: the trader sees the answer to a tap without hunting for it.
 */
export function HeatMapScreen() {
  const intl = useIntl();
  const choices = useIndexChoices();
  const [index, setIndex] = useState<IndexName>('NIFTY');
  const lotSize = choices.find((choice) => choice.index === index)?.lotSize ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const read = useAnalyticsRead(() => readHeatMap(index), index, 10_000);
  const tile = read.answer?.value.tiles.find((item) => item.instrument.instrument === selected) ?? null;
  const details = useRef<HTMLDivElement>(null);
  // Only when the trader picks a tile (not on every 10 s refresh): 'nearest' does nothing when they are already in view.
  useEffect(() => {
    if (selected !== null) details.current?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [selected]);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <div className="sm:max-w-xs">
        <SelectField label={intl.formatMessage(messages.index)} value={index} onChange={(event) => { setIndex(event.target.value as IndexName); setSelected(null); }}>
          {choices.map((item) => (
            <option key={item.index} value={item.index}>{item.index}</option>
          ))}
        </SelectField>
      </div>
      <Legend />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <AnalyticsPanel read={read}>{(data: HeatMapData) => <HeatMap data={data} selected={selected} onSelect={setSelected} />}</AnalyticsPanel>
        <div ref={details} aria-live="polite" className="scroll-mb-4 lg:sticky lg:top-4">
          {tile === null ? <p className="text-sm text-fg-muted">{intl.formatMessage(messages.tapHint)}</p> : <Details tile={tile} lotSize={lotSize} />}
        </div>
      </div>
    </div>
  );
}
