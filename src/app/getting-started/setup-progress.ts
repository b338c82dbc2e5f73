/**
 * How far the trader has set StrikeDesk up, from what they have: a broker account, a broker session open
 * today, a portfolio, a bot. The steps are in the order they can be done; the next one is the first not
 * done, so a session that closed at 06:00 IST sends a fully set-up trader back to "log in".
 */
export type SetupFacts = {
  hasAccount: boolean;
  /** Some account's broker session is open now. */
  loggedIn: boolean;
  hasPortfolio: boolean;
  hasBot: boolean;
};

export type SetupStep = 'link-account' | 'log-in' | 'create-portfolio' | 'add-bot';

export const SETUP_STEPS: readonly SetupStep[] = ['link-account', 'log-in', 'create-portfolio', 'add-bot'];

export function isStepDone(step: SetupStep, facts: SetupFacts): boolean {
  switch (step) {
    case 'link-account':
      return facts.hasAccount;
    case 'log-in':
      return facts.hasAccount && facts.loggedIn;
    case 'create-portfolio':
      return facts.hasPortfolio;
    case 'add-bot':
      return facts.hasBot;
  }
}

/** The step to do now, or null once everything the app can do today is done. */
export function nextStep(facts: SetupFacts): SetupStep | null {
  return SETUP_STEPS.find((step) => !isStepDone(step, facts)) ?? null;
}
