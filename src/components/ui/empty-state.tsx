import { type ComponentType, type ReactNode, useId } from 'react';

type EmptyStateProps = {
  /** An icon component (Heroicons fit); it is decorative, so it is hidden from assistive technology. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  description: ReactNode;
  /** One call to action, usually a link or button. */
  action?: ReactNode;
};

/**
 * A calm, centred message for a screen or panel with nothing to show. It is a labelled region whose
 * accessible name is the title and whose description is the text, so a screen reader announces both.
 */
export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line bg-surface px-4 py-10 text-center sm:px-8 sm:py-14"
    >
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Icon className="size-6" aria-hidden />
        </span>
      ) : null}
      <h2 id={titleId} className="max-w-prose text-base font-semibold text-fg break-words">
        {title}
      </h2>
      <p id={descriptionId} className="max-w-prose text-sm leading-6 text-fg-muted break-words">
        {description}
      </p>
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
