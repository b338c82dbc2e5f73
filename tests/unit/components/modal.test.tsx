import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';

type Mounting = 'mounted when opened' | 'always mounted';

/** A page with a heading and a button that opens a dialog, mounted either way callers do it. */
function Page({ mounting, confirm }: { mounting: Mounting; confirm: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const dialog = confirm ? (
    <ConfirmDialog open={open} title="Delete bot?" description="It stops." confirmLabel="Delete" busy={false} onConfirm={close} onClose={close} />
  ) : (
    <Modal open={open} title="New portfolio" onClose={close}>
      <p>Form</p>
    </Modal>
  );
  return (
    <IntlProvider locale="en" defaultLocale="en">
      <main>
        <h1>Portfolios</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      </main>
      {mounting === 'always mounted' || open ? dialog : null}
    </IntlProvider>
  );
}

/** What a screen reader can reach: the page behind a modal dialog must be inert and hidden from it. */
function pageBehindIsHidden(container: HTMLElement): boolean {
  return container.inert === true && container.getAttribute('aria-hidden') === 'true';
}

describe.each<Mounting>(['mounted when opened', 'always mounted'])('a dialog %s', (mounting) => {
  it.each([false, true])('makes the page behind it inert every time it opens (confirm: %s)', async (confirm) => {
    const user = userEvent.setup();
    const { container } = render(<Page mounting={mounting} confirm={confirm} />);
    // Twice: the first Headless UI component of a page completes its "server handoff" and hides the
    // difference, so only a later opening shows whether the page behind is really hidden.
    for (let round = 0; round < 2; round += 1) {
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await act(async () => {});
      expect(screen.getByRole(confirm ? 'alertdialog' : 'dialog')).toBeTruthy();
      expect(pageBehindIsHidden(container), `round ${round + 1}`).toBe(true);
      await user.keyboard('{Escape}');
      await act(async () => {});
      expect(pageBehindIsHidden(container)).toBe(false);
    }
  });
});

describe('the page behind a dialog', () => {
  it.each([false, true])('is dimmed by a backdrop that stays visible on the dark theme (confirm: %s)', async (confirm) => {
    const user = userEvent.setup();
    render(<Page mounting="mounted when opened" confirm={confirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => {});
    const backdrop = document.querySelector('[data-backdrop]');
    expect(backdrop).not.toBeNull();
    expect(backdrop!.className).toMatch(/\bfixed inset-0\b/);
    // Black at 40 % was lost on the dark theme's near-black page: the dark theme dims at 75 %.
    expect(backdrop!.className).toContain('dark:bg-black/75');
  });
});
