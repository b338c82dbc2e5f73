import { expect, type Locator, type Page } from '@playwright/test';
import { kitePassword, listDeskContractsAtKite, registerKiteApp, type KiteApp } from '../support/kite';
import { readStoredValue, signInAsNewUser } from '../support/session';

export type PaperAccount = { name: string; accountNumber: string; capital: string };
/** A live broker's account as its form asks for it (Kite's client ID, Upstox's UCC). */
export type LiveAccount = { name: string; clientId: string; apiKey: string; apiSecret: string; capital: string };
/** An execution policy of LIMIT and re-price as its form takes it (the numbers as typed). */
export type LimitReprice = { unit: 'ticks' | 'percent'; buffer: string; interval: string; tries: string; seconds: string; entryFallback: 'cancel' | 'market' };
/** The two addresses the form asks the trader to register in Kite's developer console. */
export type KiteConsoleUrls = { redirectUrl: string; postbackUrl: string };

/** /app/broker, the paper broker's own login page, Kite's and Upstox's. */
export class BrokerAccountsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/app/broker');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Broker accounts' })).toBeVisible();
  }

  /** Links a paper account, letting the form generate its API key and secret. */
  async linkPaperAccount(account: PaperAccount): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Account name').fill(account.name);
    await dialog.getByLabel('Account number').fill(account.accountNumber);
    await dialog.getByRole('button', { name: 'Generate keys' }).click();
    await expect(dialog.getByLabel('API key')).not.toHaveValue('');
    await dialog.getByLabel('Capital (₹)').fill(account.capital);
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(this.page.getByText('Account added')).toBeVisible();
  }

  /** Links a Kite Connect account; answers the redirect and postback URLs the form showed, each with its Copy button. */
  async linkKiteAccount(account: LiveAccount): Promise<KiteConsoleUrls> {
    return this.linkLiveAccount({ broker: 'Zerodha (Kite Connect)', clientId: 'Zerodha client ID', console: 'Register StrikeDesk in the Kite developer console' }, account);
  }

  /** Links an Upstox account (its client ID is the UCC); answers the URLs to register in Upstox's developer apps. */
  async linkUpstoxAccount(account: LiveAccount): Promise<KiteConsoleUrls> {
    return this.linkLiveAccount({ broker: 'Upstox', clientId: 'Upstox UCC', console: 'Register StrikeDesk in Upstox’s developer apps' }, account);
  }

  async linkDhanAccount(account: LiveAccount): Promise<KiteConsoleUrls> {
    return this.linkLiveAccount({ broker: 'Dhan', clientId: 'Dhan client ID', console: 'Register StrikeDesk in Dhan’s API settings' }, account);
  }

  async linkShoonyaAccount(account: LiveAccount): Promise<KiteConsoleUrls> {
    return this.linkLiveAccount({ broker: 'Shoonya (Finvasia)', clientId: 'Shoonya user ID', console: 'Register StrikeDesk in Shoonya’s API settings' }, account);
  }

  async linkFlattradeAccount(account: LiveAccount): Promise<KiteConsoleUrls> {
    return this.linkLiveAccount({ broker: 'Flattrade', clientId: 'Flattrade client ID', console: 'Register StrikeDesk in Flattrade’s Pi API settings' }, account);
  }

  /**
   * Logs in to Shoonya or Flattrade from the account's row: through the broker's Noren login page (Shoonya's OAuth
   * page, Flattrade's auth page) and back through the callback with its code.
   */
  async logInToNoren(broker: 'shoonya' | 'flattrade', accountName: string, userId: string, password: string): Promise<string> {
    await this.row(accountName).getByRole('button', { name: /log in to broker/i }).click();
    await this.page.getByLabel('User ID').fill(userId);
    await this.page.getByLabel('Password').fill(password);
    const brokerReturn = this.page.waitForRequest((request) => request.url().includes('code=') && request.url().includes(`/app/broker/${broker}/callback`));
    await this.page.getByRole('button', { name: 'Login' }).click();
    const returnUrl = (await brokerReturn).url();
    await this.page.waitForURL('**/app/broker');
    return returnUrl;
  }

  /** Logs in to Dhan from the account's row: through Dhan's login page (a consent) and back with its tokenId. */
  async logInToDhan(accountName: string, clientId: string, pin: string): Promise<string> {
    await this.row(accountName).getByRole('button', { name: /log in to broker/i }).click();
    await this.page.getByLabel('Client ID').fill(clientId);
    await this.page.getByLabel('PIN').fill(pin);
    const brokerReturn = this.page.waitForRequest((request) => request.url().includes('tokenId=') && request.url().includes('/app/broker/dhan/callback'));
    await this.page.getByRole('button', { name: 'Login' }).click();
    const returnUrl = (await brokerReturn).url();
    await this.page.waitForURL('**/app/broker');
    return returnUrl;
  }

  /** The account form of a live broker: its own words for the client ID and the developer console. */
  private async linkLiveAccount(words: { broker: string; clientId: string; console: string }, account: LiveAccount): Promise<KiteConsoleUrls> {
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Broker').selectOption({ label: words.broker });
    await dialog.getByLabel('Account name').fill(account.name);
    await dialog.getByLabel(words.clientId).fill(account.clientId);
    const developerConsole = dialog.getByRole('region', { name: words.console });
    await expect(developerConsole.getByRole('button', { name: 'Copy Redirect URL' })).toBeVisible();
    await expect(developerConsole.getByRole('button', { name: 'Copy Postback URL' })).toBeVisible();
    const url = (name: string) => developerConsole.getByRole('textbox', { name }).inputValue();
    const urls = { redirectUrl: await url('Redirect URL'), postbackUrl: await url('Postback URL') };
    await dialog.getByLabel('API key').fill(account.apiKey);
    await dialog.getByLabel('API secret').fill(account.apiSecret);
    await dialog.getByLabel('Capital (₹)').fill(account.capital);
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(this.page.getByText('Account added')).toBeVisible();
    return urls;
  }

  /** Logs in to Kite from the account's row: through Kite's login page and back through the callback. */
  async logInToKite(accountName: string, clientId: string, password: string): Promise<string> {
    await this.row(accountName).getByRole('button', { name: /log in to broker/i }).click();
    return this.completeKiteLogin(clientId, password);
  }

  /** On Kite's login page (the test server's): answers the callback URL Kite sent the browser back to. */
  async completeKiteLogin(clientId: string, password: string): Promise<string> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Login to Kite' })).toBeVisible();
    await this.page.getByLabel('Client ID').fill(clientId);
    await this.page.getByLabel('Password').fill(password);
    const brokerReturn = this.page.waitForRequest((request) => request.url().includes('request_token='));
    await this.page.getByRole('button', { name: 'Login' }).click();
    const returnUrl = (await brokerReturn).url();
    await this.page.waitForURL('**/app/broker');
    return returnUrl;
  }

  /** Logs in to Upstox from the account's row: through Upstox's login dialog (the test server's) and back through the callback. */
  async logInToUpstox(accountName: string, ucc: string, pin: string): Promise<string> {
    await this.row(accountName).getByRole('button', { name: /log in to broker/i }).click();
    return this.completeUpstoxLogin(ucc, pin);
  }

  /** On Upstox's login dialog: answers the callback URL Upstox sent the browser back to (with its code and state). */
  async completeUpstoxLogin(ucc: string, pin: string): Promise<string> {
    await this.page.getByLabel('Mobile number or UCC').fill(ucc);
    await this.page.getByLabel('PIN').fill(pin);
    const brokerReturn = this.page.waitForRequest((request) => request.url().includes('code=') && request.url().includes('/app/broker/upstox/callback'));
    await this.page.getByRole('button', { name: 'Continue' }).click();
    const returnUrl = (await brokerReturn).url();
    await this.page.waitForURL('**/app/broker');
    return returnUrl;
  }

  /** A live account's compliance state under its row (issue 38). */
  compliance(accountName: string): Locator {
    return this.row(accountName).getByRole('region', { name: 'SEBI compliance' });
  }

  /** Enters the static IP registered at the broker in the account's compliance settings and saves it. */
  async setStaticIp(accountName: string, ip: string): Promise<void> {
    const compliance = this.compliance(accountName);
    await compliance.getByRole('button', { name: 'Edit static IP and algo ID' }).click();
    await compliance.getByLabel('Static IP registered at the broker').fill(ip);
    await compliance.getByRole('button', { name: 'Save' }).click();
    await expect(compliance.getByText(ip)).toBeVisible();
  }

  /** The account's execution policy (issue 60): what the app's own orders go out as, under the account's row. */
  executionPolicy(accountName: string): Locator {
    return this.row(accountName).getByRole('region', { name: 'Execution policy' });
  }

  /** Sets the account's policy to LIMIT and re-price through its form, as a trader does, and saves it. */
  async setLimitReprice(accountName: string, policy: LimitReprice): Promise<void> {
    const panel = this.executionPolicy(accountName);
    await panel.getByRole('button', { name: 'Edit execution policy' }).click();
    await panel.getByLabel('Orders the app makes (bots, square-offs, kill switch)').selectOption({ label: 'LIMIT and re-price' });
    await panel.getByLabel('Buffer past the touch in').selectOption({ label: policy.unit === 'ticks' ? 'ticks (₹0.05)' : 'percent' });
    await panel.getByLabel('Buffer', { exact: true }).fill(policy.buffer);
    await panel.getByLabel('Re-price every (seconds)').fill(policy.interval);
    await panel.getByLabel('Up to (tries)').fill(policy.tries);
    await panel.getByLabel('Or up to (seconds)').fill(policy.seconds);
    await panel.getByLabel('Then, for an entry').selectOption({ label: policy.entryFallback === 'market' ? 'Send it to the protected market' : 'Cancel it' });
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Execution policy saved')).toBeVisible();
  }

  row(accountName: string): Locator {
    // By its name: a paper account's row may name a live one too (the feed its prices come from).
    return this.page.getByRole('listitem', { name: accountName, exact: true });
  }

  /** Goes through the broker's login page and returns the URL the broker sent the browser back to. */
  async logInToBroker(accountName: string, clientId: string): Promise<string> {
    await this.row(accountName).getByRole('button', { name: /log in to broker/i }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Paper broker — log in' })).toBeVisible();
    await this.page.getByLabel('Client ID').fill(clientId);
    await this.page.getByLabel('Password').fill('paper-pass');
    const brokerReturn = this.page.waitForRequest((request) => request.url().includes('request_token='));
    await this.page.getByRole('button', { name: 'Log in' }).click();
    const returnUrl = (await brokerReturn).url();
    await this.page.waitForURL('**/app/broker');
    return returnUrl;
  }
}

/**
 * A new trader with a Kite account ("Zerodha desk", `app` registered at the Kite test server, the desk's
 * contracts listed there) linked and logged in from the brokers screen, which stays open.
 */
export async function kiteDeskLoggedIn(page: Page, app: KiteApp): Promise<{ brokers: BrokerAccountsPage; token: string }> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNewUser(page);
  const token = String(await readStoredValue(page, 'auth_token'));
  const brokers = new BrokerAccountsPage(page);
  await brokers.open();
  await page.getByRole('region', { name: 'Link your first broker account' }).getByRole('button', { name: 'Add account' }).click();
  const urls = await brokers.linkKiteAccount({ name: 'Zerodha desk', clientId: app.clientId, apiKey: app.apiKey, apiSecret: app.apiSecret, capital: '500000' });
  await registerKiteApp(page.request, app, urls.redirectUrl, urls.postbackUrl);
  await listDeskContractsAtKite(page.request, token);
  await brokers.logInToKite('Zerodha desk', app.clientId, kitePassword);
  await expect(page.getByText(/Logged in to Zerodha \(Kite Connect\)/)).toBeVisible();
  return { brokers, token };
}
