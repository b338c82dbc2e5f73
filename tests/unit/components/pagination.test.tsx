import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, type PaginationProps } from '@/components/ui/pagination';
import { pageForNewSize, pageItems } from '@/components/ui/pagination-pages';
import { FullIntlProvider } from '@/i18n/full-intl-provider';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';

async function renderPager(props: Partial<PaginationProps> = {}, locale: Locale = 'en') {
  await preloadMessages(locale);
  const onChange = vi.fn();
  render(
    // As in the signed-in shell, where the pager's numbers get their formatter.
    <I18nProvider locale={locale}>
      <FullIntlProvider>
        <Pagination page={6} pageSize={10} total={200} onChange={onChange} {...props} />
      </FullIntlProvider>
    </I18nProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

const pageButtons = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('Pagination', () => {
  it('shows first, last, a window around the current page and 5-page jumps', async () => {
    await renderPager();
    expect(pageButtons()).toEqual([
      'Previous Page',
      'Page 1',
      'Previous 5 Pages',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 7',
      'Page 8',
      'Next 5 Pages',
      'Page 20',
      'Next Page',
    ]);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves by one page, by five pages, or to a page', async () => {
    const { onChange, user } = await renderPager();
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    await user.click(screen.getByRole('button', { name: 'Previous Page' }));
    await user.click(screen.getByRole('button', { name: 'Next 5 Pages' }));
    await user.click(screen.getByRole('button', { name: 'Previous 5 Pages' }));
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange.mock.calls).toEqual([
      [7, 10],
      [5, 10],
      [11, 10],
      [1, 10],
      [20, 10],
    ]);
  });

  it('disables previous on the first page and next on the last', async () => {
    await renderPager({ page: 1, total: 25 });
    expect(screen.getByRole('button', { name: 'Previous Page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next Page' }).hasAttribute('disabled')).toBe(false);
    expect(pageButtons()).toEqual(['Previous Page', 'Page 1', 'Page 2', 'Page 3', 'Next Page']);
  });

  it('jumps by 3 pages in compact mode', async () => {
    const { onChange, user } = await renderPager({ compact: true });
    expect(pageButtons()).toEqual([
      'Previous Page',
      'Page 1',
      'Previous 3 Pages',
      'Page 5',
      'Page 6',
      'Page 7',
      'Next 3 Pages',
      'Page 20',
      'Next Page',
    ]);
    await user.click(screen.getByRole('button', { name: 'Next 3 Pages' }));
    expect(onChange).toHaveBeenCalledWith(9, 10);
  });

  it('goes to the typed page on Enter, clamped to the pages that exist', async () => {
    const { onChange, user } = await renderPager();
    const input = screen.getByRole('textbox', { name: 'Go to Page' });
    await user.type(input, '12{Enter}');
    await user.type(input, '999{Enter}');
    await user.type(input, 'abc{Enter}');
    expect(onChange.mock.calls).toEqual([
      [12, 10],
      [20, 10],
    ]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('changes the page size and keeps the first visible item on screen', async () => {
    const { onChange, user } = await renderPager();
    const select = screen.getByRole('combobox', { name: 'Page Size' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
    await user.selectOptions(select, '50');
    // Page 6 of 10 starts at item 51, which is on page 2 of 50.
    expect(onChange).toHaveBeenCalledWith(2, 50);
  });

  it('speaks French', async () => {
    await renderPager({ compact: false }, 'fr');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    for (const name of ['Page précédente', 'Page suivante', '5 Pages précédentes', '5 Pages suivantes', 'Page 6']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'Taille de la page' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '10 / page' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Aller à Page' })).toBeTruthy();
  });

  it('names the 3-page jumps in French too', async () => {
    await renderPager({ compact: true }, 'fr');
    expect(screen.getByRole('button', { name: '3 Pages précédentes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '3 Pages suivantes' })).toBeTruthy();
  });
});

describe('page items', () => {
  it('keeps the window width near the ends and never hides a single page behind a jump', () => {
    expect(pageItems(1, 20, 2)).toEqual([1, 2, 3, 4, 5, 'jump-next', 20]);
    expect(pageItems(5, 20, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 'jump-next', 20]);
    expect(pageItems(20, 20, 2)).toEqual([1, 'jump-prev', 16, 17, 18, 19, 20]);
    expect(pageItems(1, 7, 2)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 1, 2)).toEqual([1]);
  });

  it('maps a page to the new size by its first item', () => {
    expect(pageForNewSize(3, 20, 10, 200)).toBe(5);
    expect(pageForNewSize(20, 10, 100, 200)).toBe(2);
  });
});
