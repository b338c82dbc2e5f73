/** One look for an entry of the top bar, whether a link or the More button, so measuring one measures all. */
export function topItemClass(active: boolean): string {
  return [
    'flex min-h-11 shrink-0 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap',
    active ? 'bg-white/20 text-white' : 'text-white/85 hover:bg-white/10',
  ].join(' ');
}
