import { useId, type ReactNode } from 'react';

type SettingsPanelProps = { title: ReactNode; description?: ReactNode; children: ReactNode };

/** The frame of one settings section: a region named by its heading, one column that fits 360 px. */
export function SettingsPanel({ title, description, children }: SettingsPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex w-full max-w-2xl flex-col gap-5 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="text-lg font-semibold text-fg break-words">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-fg-muted break-words">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
