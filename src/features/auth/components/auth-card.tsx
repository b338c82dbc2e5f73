import type { ReactNode } from 'react';

/** The frame of the sign-in and registration forms: one column, readable on a 360 px phone. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="w-full max-w-md rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-fg-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
