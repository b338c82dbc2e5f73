import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The words of a bot configured on the spot for a backtest: choosing it, naming it in reports, saving it. */
export const configuredBotMessages = {
  ...defineMessages({
    botSource: { id: 'backtests.configured.source', defaultMessage: 'Bot to backtest' },
    savedBot: { id: 'backtests.configured.saved', defaultMessage: 'A saved bot' },
    configureHere: { id: 'backtests.configured.here', defaultMessage: 'Configure a bot here' },
    noBotsConfigure: { id: 'backtests.configured.noBots', defaultMessage: 'No saved bot yet: configure one here, or create one in a portfolio.' },
    note: {
      id: 'backtests.configured.note',
      defaultMessage: 'Set the bot up as on the Bots screen. Nothing is saved: the report offers to save it as a paper bot.',
    },
    botKind: { id: 'backtests.configured.kind', defaultMessage: 'Kind of bot' },
    dailyBot: { id: 'backtests.configured.daily', defaultMessage: 'Daily bot' },
    tradingBot: { id: 'backtests.configured.trading', defaultMessage: 'Trading bot' },
    portfolio: { id: 'backtests.configured.portfolio', defaultMessage: 'Portfolio' },
    portfolioHint: { id: 'backtests.configured.portfolioHint', defaultMessage: 'Its account’s charges and risk limits apply.' },
    noPortfolio: { id: 'backtests.configured.noPortfolio', defaultMessage: 'No portfolio yet' },
    portfolioRequired: { id: 'backtests.configured.portfolioRequired', defaultMessage: 'Create a portfolio first: its account’s charges and risk limits apply.' },
    strategiesLoading: { id: 'backtests.configured.strategiesLoading', defaultMessage: 'Loading the strategies…' },
    strategiesFailed: { id: 'backtests.configured.strategiesFailed', defaultMessage: 'The strategies could not be loaded.' },
    noRecord: {
      id: 'backtests.configured.noRecord',
      defaultMessage: 'A bot configured for this backtest has no paper record to compare: save it as a bot to start one.',
    },
    saveAsBot: { id: 'backtests.configured.saveAsBot', defaultMessage: 'Save as a bot' },
    saveTitle: { id: 'backtests.configured.saveTitle', defaultMessage: 'Save as a paper bot' },
    saveDescription: {
      id: 'backtests.configured.saveDescription',
      defaultMessage: 'The bot as it was backtested, saved paused in a paper portfolio: start it there when you are ready.',
    },
    name: { id: 'backtests.configured.name', defaultMessage: 'Name' },
    nameRequired: { id: 'backtests.configured.nameRequired', defaultMessage: 'Give the bot a name.' },
    paperPortfolio: { id: 'backtests.configured.paperPortfolio', defaultMessage: 'Paper portfolio' },
    noPaperPortfolio: {
      id: 'backtests.configured.noPaperPortfolio',
      defaultMessage: 'No portfolio under a paper account: create one first (a saved bot never trades live from here).',
    },
    save: { id: 'backtests.configured.save', defaultMessage: 'Save' },
    strategyGone: { id: 'backtests.configured.strategyGone', defaultMessage: 'This bot’s strategy is no longer offered, so it cannot be saved.' },
    openPortfolios: { id: 'backtests.configured.openPortfolios', defaultMessage: 'Open portfolios' },
  }),
  title: defineMessage<{ strategy: MessageValue; entry: MessageValue; exit: MessageValue }>({
    id: 'backtests.configured.title',
    defaultMessage: '{strategy} {entry}–{exit}, configured for this backtest',
  }),
  saved: defineMessage<{ name: MessageValue; portfolio: MessageValue }>({
    id: 'backtests.configured.savedAs',
    defaultMessage: 'Saved as the paper bot {name} in {portfolio}, paused.',
  }),
};
