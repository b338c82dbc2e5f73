import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laterPart, retryFirstMs, type LaterPart } from '@/components/ui/later-part';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const Part = ({ word }: { word: string }) => <p>{word}</p>;

/** What the shell does with a part: its button in place at once, the part shown while open and here. */
function Opener({ part }: { part: LaterPart<{ word: string }> }) {
  const [open, setOpen] = useState(false);
  const { Part: Shown, pending } = part.useWanted(open);
  return (
    <>
      <button type="button" aria-busy={pending || undefined} onClick={() => setOpen(true)}>
        Open
      </button>
      {open && Shown && <Shown word="the panel" />}
    </>
  );
}

/** A download the test answers when it likes. */
function heldDownload() {
  const answers: Array<{ resolve: (part: ComponentType<{ word: string }>) => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(() => new Promise<ComponentType<{ word: string }>>((resolve, reject) => answers.push({ resolve, reject })));
  return { load, answers };
}

describe('laterPart (issue 61: the shell\'s menus and dialogs after the first drawing, opened on the first tap)', () => {
  it('downloads nothing before it is wanted or preloaded; preloaded, a tap opens it in the same render', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const part = laterPart(load);
    render(<Opener part={part} />);
    expect(load).not.toHaveBeenCalled();
    await act(() => part.preload());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('the panel')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('a tap before the code is here is kept: the button waits, and the part opens as the code arrives', async () => {
    const { load, answers } = heldDownload();
    const part = laterPart(load);
    render(<Opener part={part} />);
    // The shell's preload and the tap share one download.
    void part.preload();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('the panel')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
    await act(async () => answers[0]!.resolve(Part));
    expect(screen.getByText('the panel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-busy')).toBeNull();
  });

  it('a failed download is tried again while the tap waits (never a blank), and at once when the browser is back online', async () => {
    vi.useFakeTimers();
    const { load, answers } = heldDownload();
    const part = laterPart(load);
    render(<Opener part={part} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]!.reject(new Error('offline')));
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => vi.advanceTimersByTime(retryFirstMs));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => answers[1]!.reject(new Error('offline')));
    // Back online before the next try is due: asked again at once.
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(load).toHaveBeenCalledTimes(3);
    await act(async () => answers[2]!.resolve(Part));
    expect(screen.getByText('the panel')).toBeTruthy();
    // Nothing more is asked once it is here.
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a failed preload is not kept: the first tap asks again', async () => {
    const { load, answers } = heldDownload();
    const part = laterPart(load);
    render(<Opener part={part} />);
    const preloaded = part.preload();
    answers[0]!.reject(new Error('offline'));
    await act(() => preloaded);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => answers[1]!.resolve(Part));
    expect(screen.getByText('the panel')).toBeTruthy();
  });
});
