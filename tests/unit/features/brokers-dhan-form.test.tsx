/**
 * Linking a Dhan account (issue 64): the form shows the redirect URL and, now that StrikeDesk takes Dhan's
 * postbacks, the postback URL to give Dhan with the API key, each with a Copy button, and says where each goes
 * and when an address cannot work, in English and in French.
 */
import { screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { description, main, paper, renderBrokers, serveAccounts, serveBrokers, useBrokersServer } from './brokers-harness.tsx';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

useBrokersServer();

const dhan = { id: 4, name: 'dhan', display_name: 'Dhan', login_url: 'https://auth.dhan.example/login/consentApp-login', capabilities: capabilitiesOf('dhan') };

async function openDhanForm(user: UserEvent, locale: 'en' | 'fr' = 'en') {
  serveBrokers([paper, dhan]);
  serveAccounts([]);
  renderBrokers('/app/broker', { locale });
  await user.click(await screen.findByRole('button', { name: locale === 'en' ? 'Add account' : 'Ajouter un compte' }));
  const dialog = screen.getByRole('dialog');
  await user.selectOptions(within(dialog).getByLabelText(locale === 'en' ? /^Broker/ : /^Courtier/), 'dhan');
  return dialog;
}

describe('a Dhan account', () => {
  it('shows the postback URL to give Dhan, says what it is for, and copies it', async () => {
    const user = userEvent.setup();
    const dialog = await openDhanForm(user);
    const console = within(dialog).getByRole('region', { name: 'Register StrikeDesk in Dhan’s API settings' });
    expect(within(console).getByText(/Dhan sends you back to the redirect URL after you log in, and your order updates to the postback URL\.$/)).toBeTruthy();
    const postback = within(console).getByLabelText<HTMLTextAreaElement>('Postback URL');
    // The tests' API server is http://api.test: Dhan must post to wherever the trading API answers.
    expect(postback.value).toBe('http://api.test/api/brokers/dhan/postback/');
    await user.click(within(console).getByRole('button', { name: 'Copy Postback URL' }));
    expect(await navigator.clipboard.readText()).toBe(postback.value);
    // This computer's address cannot receive Dhan's posts: said, with what still brings the updates.
    expect(description(postback)).toBe(
      'Dhan needs a public https address here: it posts your order updates from the internet. This one is reachable only from this computer or its network, so no postback will arrive. Until StrikeDesk is served at one, order updates come only from Dhan’s order socket and StrikeDesk’s own reads of your orders.',
    );
  });

  it('is explained in French', async () => {
    const user = userEvent.setup();
    const dialog = await openDhanForm(user, 'fr');
    const console = within(dialog).getByRole('region', { name: 'Enregistrez StrikeDesk dans les réglages d’API de Dhan' });
    expect(within(console).getByText(/envoie les mises à jour de vos ordres à l’URL de postback\.$/)).toBeTruthy();
    expect(within(console).getByRole('button', { name: 'Copier : URL de postback' })).toBeTruthy();
    expect(description(within(console).getByLabelText('URL de postback'))).toMatch(/^Dhan a besoin ici d’une adresse https publique : il y envoie les mises à jour de vos ordres depuis Internet\./);
  });
});

describe('a logged-out account’s login', () => {
  const dhanAccount = { ...main, id: 14, broker: 'dhan', name: 'Dhan options', account_number: 'DH1001', api_key: 'dhan_app' };

  it('offers to paste an access token where the brokers list says the broker takes one (Dhan), and nowhere else', async () => {
    serveBrokers([paper, dhan]);
    serveAccounts([main, dhanAccount]);
    renderBrokers('/app/broker');
    const row = await screen.findByRole('listitem', { name: 'Dhan options' });
    expect(within(row).getByText('Log in with an access token instead')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Main paper account' })).queryByText('Log in with an access token instead')).toBeNull();
  });

  it('follows the list, not the broker’s name: a Dhan the server lists without it offers no token field', async () => {
    serveBrokers([paper, { ...dhan, capabilities: { ...dhan.capabilities, access_token_login: false } }]);
    serveAccounts([dhanAccount]);
    renderBrokers('/app/broker');
    const row = await screen.findByRole('listitem', { name: 'Dhan options' });
    expect(within(row).getByRole('button', { name: 'Log in to broker: Dhan options' })).toBeTruthy();
    expect(within(row).queryByText('Log in with an access token instead')).toBeNull();
  });
});
