import { expect, type Locator, type Page } from '@playwright/test';

export type PaperAccount = { name: string; accountNumber: string; capital: string };

/** /app/broker and the paper broker's own login page. */
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

  row(accountName: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: accountName });
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
