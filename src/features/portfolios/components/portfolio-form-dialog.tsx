import { useId, useMemo, useRef, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  type BrokerAccount,
  type Portfolio,
} from '@/features/portfolios/api/portfolio-types';
import { usePortfolioActions } from '@/features/portfolios/hooks/use-portfolio-actions';
import { useRefusal } from '@/features/portfolios/hooks/use-refusal';
import { freeCapital } from '@/features/portfolios/model/capital';
import {
  capitalHint,
  editTitle,
  portfolioFormMessages as f,
  portfolioMessages as m,
  underAccount,
} from '@/features/portfolios/portfolio-messages';
import { commonMessages } from '@/i18n/common-messages';
import { useFormat } from '@/lib/format/use-format';
import { notify } from '@/lib/notify/notify';
import { toNumber } from '@/lib/validation/coerce';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

type Values = { name: string; description: string; capital: string };
const FIELDS = ['name', 'description', 'capital'];

type PortfolioFormDialogProps = {
  account: BrokerAccount;
  /** The account's portfolios, for the capital still free. */
  portfolios: readonly Portfolio[];
  /** The portfolio to edit; a new one is created without it. */
  portfolio?: Portfolio;
  onClose: () => void;
};

/** `freeText` is the free capital as shown, so the message reads like the rest of the screen. */
function schemaFor(free: number, freeText: string): FormSchema<Values> {
  return {
    name: { label: f.name, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: MAX_NAME_LENGTH }] },
    description: { label: f.description, rules: [{ kind: 'length', max: MAX_DESCRIPTION_LENGTH }] },
    capital: {
      label: f.capital,
      rules: [
        { kind: 'required' },
        { kind: 'type', type: 'number' },
        { kind: 'range', min: 0 },
        {
          kind: 'custom',
          test: (value) => (toNumber(value) ?? 0) <= free,
          message: f.capitalTooHigh,
          values: { free: freeText },
        },
      ],
    },
  };
}

export function PortfolioFormDialog({ account, portfolios, portfolio, onClose }: PortfolioFormDialogProps) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const free = freeCapital(account, portfolios, portfolio?.id);
  const freeText = formatInr(free, { maximumFractionDigits: 0 });
  const schema = useMemo(() => schemaFor(free, freeText), [free, freeText]);
  const form = useFormValidation(schema, {
    name: portfolio?.name ?? '',
    description: portfolio?.description ?? '',
    capital: portfolio ? String(portfolio.capital) : '',
  });
  const { create, update } = usePortfolioActions();
  const save = portfolio ? update : create;
  const refusal = useRefusal(save.error, form.values, FIELDS, formRef);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const capital = toNumber(form.values.capital);
    if (save.loading || !form.validateAll() || capital === null) return;
    const fields = { name: form.values.name.trim(), description: form.values.description.trim(), capital };
    refusal.markSent(form.values);
    const saved = portfolio
      ? await update.run(portfolio.id, fields)
      : await create.run({ broker_account: account.id, ...fields });
    if (!saved) return;
    notify({ kind: 'success', title: portfolio ? m.updated : m.created, values: { name: saved.name } });
    onClose();
  };

  const field = (name: keyof Values) => {
    const props = form.fieldProps(name);
    return { ...props, error: refusal.fieldError(name) ?? props.error };
  };

  return (
    <Modal
      title={portfolio ? intl.formatMessage(editTitle, { name: portfolio.name }) : intl.formatMessage(f.createTitle)}
      description={intl.formatMessage(underAccount, { account: account.name })}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={save.loading}>
            {intl.formatMessage(portfolio ? f.save : f.create)}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-3">
        <FormError>{refusal.banner}</FormError>
        <TextField label={intl.formatMessage(f.name)} hint={intl.formatMessage(f.nameHint)} autoComplete="off" required {...field('name')} />
        <TextField label={intl.formatMessage(f.description)} hint={intl.formatMessage(f.descriptionHint)} autoComplete="off" {...field('description')} />
        <TextField
          label={intl.formatMessage(f.capital)}
          hint={intl.formatMessage(capitalHint, { free: freeText })}
          inputMode="decimal"
          autoComplete="off"
          required
          {...field('capital')}
        />
      </form>
    </Modal>
  );
}
