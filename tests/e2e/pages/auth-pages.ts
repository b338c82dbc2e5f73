import { expect, type Page } from '@playwright/test';
import type { TestAccount } from '../support/session';

/** The sign-in screen (/auth/login). */
export class LoginPage {
  constructor(readonly page: Page) {}

  async signIn(email: string, password: string): Promise<void> {
    const emailField = this.page.getByLabel('Email');
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectError(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  }
}

/** The registration screen (/auth/register). */
export class RegisterPage {
  constructor(readonly page: Page) {}

  async register(account: TestAccount): Promise<void> {
    await this.page.getByLabel('Full name').fill(account.name);
    await this.page.getByLabel('Email').fill(account.email);
    await this.page.getByLabel('Mobile number').fill(account.mobile);
    await this.page.getByLabel('Password', { exact: true }).fill(account.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
