import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const chartMessages = defineMessages({
  label: { id: 'strategies.chart.label', defaultMessage: 'Payoff chart: profit and loss against the underlying’s price' },
  crosshair: { id: 'strategies.chart.crosshair', defaultMessage: 'Crosshair price (arrow keys move it)' },
  atExpiry: { id: 'strategies.chart.atExpiry', defaultMessage: 'At expiry' },
  today: { id: 'strategies.chart.today', defaultMessage: 'On the chosen date' },
  spot: { id: 'strategies.chart.spot', defaultMessage: 'Spot' },
  sigmaRanges: { id: 'strategies.chart.sigmaRanges', defaultMessage: '±1σ and ±2σ ranges' },
  stopLoss: { id: 'strategies.chart.stopLoss', defaultMessage: 'Stop-loss' },
  target: { id: 'strategies.chart.target', defaultMessage: 'Target' },
  breakeven: { id: 'strategies.chart.breakeven', defaultMessage: 'Breakeven' },
  stopLossLine: { id: 'strategies.chart.stopLossLine', defaultMessage: 'Stop-loss: the index level where it triggers' },
  targetLine: { id: 'strategies.chart.targetLine', defaultMessage: 'Target: the index level where it fills' },
  hint: { id: 'strategies.chart.hint', defaultMessage: 'Point at the chart, or focus it and use the arrow keys, to read the P&L at any price.' },
});

export const sliderMessages = defineMessages({
  spot: { id: 'strategies.sliders.spot', defaultMessage: 'Spot' },
  volatility: { id: 'strategies.sliders.volatility', defaultMessage: 'Implied volatility shift' },
  days: { id: 'strategies.sliders.days', defaultMessage: 'Days to expiry (the dashed line)' },
  reset: { id: 'strategies.sliders.reset', defaultMessage: 'Reset' },
});

export const figureMessages = defineMessages({
  title: { id: 'strategies.figures.title', defaultMessage: 'Figures' },
  maxProfit: { id: 'strategies.figures.maxProfit', defaultMessage: 'Max profit' },
  maxLoss: { id: 'strategies.figures.maxLoss', defaultMessage: 'Max loss' },
  unlimited: { id: 'strategies.figures.unlimited', defaultMessage: 'Unlimited' },
  breakevens: { id: 'strategies.figures.breakevens', defaultMessage: 'Breakevens' },
  none: { id: 'strategies.figures.none', defaultMessage: 'None' },
  rewardRisk: { id: 'strategies.figures.rewardRisk', defaultMessage: 'Reward : risk' },
  notApplicable: { id: 'strategies.figures.notApplicable', defaultMessage: 'Not applicable' },
  probability: { id: 'strategies.figures.probability', defaultMessage: 'Probability of profit' },
  netPremium: { id: 'strategies.figures.netPremium', defaultMessage: 'Net premium' },
  delta: { id: 'strategies.figures.delta', defaultMessage: 'Delta' },
  gamma: { id: 'strategies.figures.gamma', defaultMessage: 'Gamma' },
  theta: { id: 'strategies.figures.theta', defaultMessage: 'Theta (per day)' },
  vega: { id: 'strategies.figures.vega', defaultMessage: 'Vega (per IV point)' },
  margin: { id: 'strategies.figures.margin', defaultMessage: 'Margin needed' },
  marginLoading: { id: 'strategies.figures.marginLoading', defaultMessage: 'Asking the broker…' },
  marginFailed: { id: 'strategies.figures.marginFailed', defaultMessage: 'Could not be computed' },
  marginNeedsAccount: { id: 'strategies.figures.marginNeedsAccount', defaultMessage: 'Needs a broker account' },
  realised: { id: 'strategies.figures.realised', defaultMessage: 'Realised P&L (included)' },
  show: { id: 'strategies.figures.showMore', defaultMessage: 'More figures' },
  hide: { id: 'strategies.figures.hideMore', defaultMessage: 'Fewer figures' },
});

export const legMessages = defineMessages({
  title: { id: 'strategies.legs.title', defaultMessage: 'Legs' },
  side: { id: 'strategies.legs.side', defaultMessage: 'Buy or sell' },
  buy: { id: 'strategies.legs.buy', defaultMessage: 'Buy' },
  sell: { id: 'strategies.legs.sell', defaultMessage: 'Sell' },
  kind: { id: 'strategies.legs.kind', defaultMessage: 'Call or put' },
  call: { id: 'strategies.legs.call', defaultMessage: 'Call (CE)' },
  put: { id: 'strategies.legs.put', defaultMessage: 'Put (PE)' },
  future: { id: 'strategies.legs.future', defaultMessage: 'Future (FUT)' },
  strike: { id: 'strategies.legs.strike', defaultMessage: 'Strike' },
  lots: { id: 'strategies.legs.lots', defaultMessage: 'Lots' },
  expiry: { id: 'strategies.legs.expiry', defaultMessage: 'Expiry' },
  enabled: { id: 'strategies.legs.enabled', defaultMessage: 'Include in the payoff' },
  off: { id: 'strategies.legs.off', defaultMessage: 'Switched off' },
  empty: { id: 'strategies.legs.empty', defaultMessage: 'No legs yet: pick a preset or add a leg.' },
  waitingPrice: { id: 'strategies.legs.waitingPrice', defaultMessage: 'No price yet: this leg is left out of the payoff and the margin, and Trade all waits, until its price comes.' },
  savedUnpriced: { id: 'strategies.legs.savedUnpriced', defaultMessage: 'Saved without a price: this leg is left out of the payoff.' },
});

/** A leg whose contract the account's broker does not stream (issue 64): it will not be priced, so it is not counted. */
export const unstreamedLegText = defineMessage<{ broker: MessageValue }>({
  id: 'strategies.legs.unstreamed',
  defaultMessage: '{broker} does not stream prices for this contract: it is not priced, and is left out of the payoff and the margin. Switch this leg off or remove it to trade the others.',
});

export const payoffMessages = defineMessages({
  title: { id: 'strategies.payoff.title', defaultMessage: 'Payoff' },
  noLegs: { id: 'strategies.payoff.noLegs', defaultMessage: 'Switch on at least one leg to see the payoff.' },
  noSpot: { id: 'strategies.payoff.noSpot', defaultMessage: 'Waiting for the index’s price…' },
});

/** Messages with arguments, typed so a missing or misspelt value is a compile error. */
export const readingText = defineMessage<{ price: MessageValue; expiry: MessageValue; today: MessageValue }>({ id: 'strategies.chart.reading', defaultMessage: 'At {price}: {expiry} at expiry, {today} on the chosen date' });
export const pointsText = defineMessage<{ points: MessageValue }>({ id: 'strategies.sliders.points', defaultMessage: '{points} points' });
export const daysValueText = defineMessage<{ days: MessageValue }>({ id: 'strategies.sliders.daysValue', defaultMessage: '{days, plural, one {# day} other {# days}}' });
export const ratioText = defineMessage<{ reward: MessageValue }>({ id: 'strategies.figures.ratio', defaultMessage: '{reward} : 1' });
export const probabilityModelText = defineMessage<{ volatility: MessageValue }>({ id: 'strategies.figures.probabilityModel', defaultMessage: 'Lognormal at the implied volatility of the leg nearest the money ({volatility}; the expiry’s at-the-money quote is not at hand), risk-neutral, to the nearest expiry.' });
export const probabilityExpiryAtmText = defineMessage<{ volatility: MessageValue }>({
  id: 'strategies.figures.probabilityExpiryAtm',
  defaultMessage: 'Lognormal at the at-the-money implied volatility of the nearest expiry ({volatility}, from its option chain), risk-neutral, to that expiry.',
});
export const receivedText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.received', defaultMessage: '{amount} received' });
export const paidText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.paid', defaultMessage: '{amount} paid' });
export const hedgeBenefitText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.hedgeBenefit', defaultMessage: 'Hedge benefit {amount}' });
export const legText = defineMessage<{ number: MessageValue }>({ id: 'strategies.legs.leg', defaultMessage: 'Leg {number}' });
export const removeText = defineMessage<{ number: MessageValue }>({ id: 'strategies.legs.remove', defaultMessage: 'Remove leg {number}' });
export const changeLegText = defineMessage<{ number: MessageValue }>({ id: 'strategies.legs.change', defaultMessage: 'Change leg {number}' });
export const priceText = defineMessage<{ price: MessageValue; iv: MessageValue }>({ id: 'strategies.legs.price', defaultMessage: 'Premium {price} · IV {iv}' });
export const filledText = defineMessage<{ price: MessageValue }>({ id: 'strategies.legs.filled', defaultMessage: 'Filled at {price}' });
export const failedText = defineMessage<{ reason: MessageValue }>({ id: 'strategies.payoff.failed', defaultMessage: 'The payoff could not be computed: {reason}' });

export const savedMessages = defineMessages({
  title: { id: 'strategies.saved.title', defaultMessage: 'Saved strategies' },
  name: { id: 'strategies.saved.name', defaultMessage: 'Name' },
  save: { id: 'strategies.saved.save', defaultMessage: 'Save' },
  saved: { id: 'strategies.saved.saved', defaultMessage: 'Saved on this device.' },
  saveFailed: { id: 'strategies.saved.saveFailed', defaultMessage: 'Could not be saved on this device.' },
  open: { id: 'strategies.saved.open', defaultMessage: 'Open' },
  remove: { id: 'strategies.saved.remove', defaultMessage: 'Delete' },
  share: { id: 'strategies.saved.share', defaultMessage: 'Copy share link' },
  copied: { id: 'strategies.saved.copied', defaultMessage: 'Link copied.' },
  link: { id: 'strategies.saved.link', defaultMessage: 'Share link' },
  none: { id: 'strategies.saved.none', defaultMessage: 'Nothing saved yet.' },
  unavailable: { id: 'strategies.saved.unavailable', defaultMessage: 'Saved strategies cannot be read on this device right now.' },
  saveAsBot: { id: 'strategies.saved.saveAsBot', defaultMessage: 'Save as bot' },
  botNeedsPreset: { id: 'strategies.saved.botNeedsPreset', defaultMessage: 'A bot runs a preset’s structure: build the strategy from a preset to save it as a bot.' },
  defaultName: { id: 'strategies.saved.defaultName', defaultMessage: 'My strategy' },
});
export const savedItemText = defineMessage<{ index: MessageValue; legs: MessageValue; time: MessageValue }>({
  id: 'strategies.saved.item',
  defaultMessage: '{index} · {legs, plural, one {# leg} other {# legs}} · prices as of {time}',
});
export const flowText = defineMessage<{ received: MessageValue; paid: MessageValue }>({
  id: 'strategies.figures.flow',
  defaultMessage: 'Sold for {received}, bought for {paid}',
});
