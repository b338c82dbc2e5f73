import { type ReactNode } from 'react';

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links that act on the whole page; they wrap under the title on narrow screens. */
  actions?: ReactNode;
};

/** The one h1 of a screen, with an optional subtitle and actions. Takes already-translated content. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold text-fg break-words md:text-2xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-fg-muted break-words">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
