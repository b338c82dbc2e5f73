import { defineMessages } from 'react-intl';

/** Column and label text shared by the analytics screens. */
export const analyticsMessages = defineMessages({
  time: { id: 'analytics.col.time', defaultMessage: 'Time' },
  date: { id: 'analytics.col.date', defaultMessage: 'Date' },
  index: { id: 'analytics.col.index', defaultMessage: 'Index' },
  symbol: { id: 'analytics.col.symbol', defaultMessage: 'Instrument' },
  spot: { id: 'analytics.col.spot', defaultMessage: 'Last' },
  change: { id: 'analytics.col.change', defaultMessage: 'Change' },
  pcr: { id: 'analytics.col.pcr', defaultMessage: 'PCR' },
  maxPain: { id: 'analytics.col.maxPain', defaultMessage: 'Max pain' },
  iv: { id: 'analytics.col.iv', defaultMessage: 'ATM IV' },
  open: { id: 'analytics.col.open', defaultMessage: 'Open' },
  high: { id: 'analytics.col.high', defaultMessage: 'High' },
  low: { id: 'analytics.col.low', defaultMessage: 'Low' },
  close: { id: 'analytics.col.close', defaultMessage: 'Close' },
  volume: { id: 'analytics.col.volume', defaultMessage: 'Contracts (lakh)' },
  signal: { id: 'analytics.col.signal', defaultMessage: 'Signal' },
  marketWide: { id: 'analytics.marketWide', defaultMessage: 'Market' },
  bullish: { id: 'analytics.sentiment.bullish', defaultMessage: 'Bullish' },
  bearish: { id: 'analytics.sentiment.bearish', defaultMessage: 'Bearish' },
  neutral: { id: 'analytics.sentiment.neutral', defaultMessage: 'Neutral' },
  volatile: { id: 'analytics.view.volatile', defaultMessage: 'Volatile' },
  noRows: { id: 'analytics.noRows', defaultMessage: 'Nothing here yet.' },
  notAvailable: { id: 'analytics.notAvailable', defaultMessage: '—' },
});

export type SentimentOrView = 'bullish' | 'bearish' | 'neutral' | 'volatile';
