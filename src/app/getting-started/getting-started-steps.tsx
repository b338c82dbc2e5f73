import CheckCircleIcon from '@heroicons/react/20/solid/CheckCircleIcon';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { cx } from '@/components/ui/class-names';
import { setupMessages as m, stepText } from '@/app/getting-started/setup-messages';
import { isStepDone, SETUP_STEPS, type SetupFacts, type SetupStep } from '@/app/getting-started/setup-progress';

type GettingStartedStepsProps = { facts: SetupFacts; next: SetupStep | null };

/**
 * The steps to a working setup, each marked done or next from what the trader has, in words (not colour
 * alone); the next step's link stands out.
 */
export function GettingStartedSteps({ facts, next }: GettingStartedStepsProps) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-fg">
        {intl.formatMessage(m.heading)}
      </h2>
      <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        {SETUP_STEPS.map((step, index) => {
          const done = isStepDone(step, facts);
          const current = step === next;
          const { title, text, link } = stepText[step];
          return (
            <li
              key={step}
              aria-current={current ? 'step' : undefined}
              className={cx(
                'flex gap-3 rounded-lg border bg-surface p-4',
                current ? 'border-brand ring-1 ring-brand' : 'border-line',
              )}
            >
              <span
                aria-hidden
                className={cx(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  done ? 'bg-profit/15 text-profit' : 'bg-brand-soft text-brand',
                )}
              >
                {done ? <CheckCircleIcon className="size-5" /> : intl.formatNumber(index + 1)}
              </span>
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(title)}</h3>
                {done || current ? (
                  <p className={cx('text-xs font-medium', done ? 'text-profit' : 'text-brand')}>
                    {intl.formatMessage(done ? m.done : m.next)}
                  </p>
                ) : null}
                <p className="text-sm leading-6 text-fg-muted">{intl.formatMessage(text)}</p>
                <Link
                  to={link.to}
                  className={cx(
                    'mt-1 self-start text-sm font-medium',
                    current
                      ? 'inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-brand-fg hover:opacity-90'
                      : 'text-brand underline-offset-4 hover:underline',
                  )}
                >
                  {intl.formatMessage(link.label)}
                </Link>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
