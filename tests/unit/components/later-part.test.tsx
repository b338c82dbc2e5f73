import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laterPart } from '@/components/ui/later-part';

afterEach(cleanup);

const Part = ({ word }: { word: string }) => <p>{word}</p>;

describe('laterPart (issue 61: the shell\'s menus and dialogs after the first drawing)', () => {
  it('with `wait`, shows the fallback and downloads nothing until preloaded, then the part', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Later = laterPart(load);
    render(<Later word="menu" wait fallback={<button type="button">Account</button>} />);
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await act(() => Later.preload());
    expect(screen.getByText('menu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('without `wait`, asks for the part when shown, once however often it is shown or preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Later = laterPart(load);
    render(
      <>
        <Later word="one" />
        <Later word="two" />
      </>,
    );
    expect(await screen.findByText('one')).toBeTruthy();
    expect(screen.getByText('two')).toBeTruthy();
    await Later.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('a failed download shows nothing, and the next showing fetches again (offline before the worker had the file)', async () => {
    const load = vi.fn<() => Promise<typeof Part>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Part);
    const Later = laterPart(load);
    const first = render(<Later word="dialog" />);
    await act(() => Later.preload());
    expect(first.container.textContent).toBe('');
    first.unmount();
    render(<Later word="dialog" />);
    expect(await screen.findByText('dialog')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
