import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  armKillSwitch,
  getKillSwitches,
  type KillSwitch,
  type KillSwitchAccountResult,
  type KillSwitchResult,
  type KillSwitchSource,
} from '@/features/kill-switch/api/kill-switch-calls';
import { killSwitchMessages as messages } from '@/features/kill-switch/kill-switch-messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { commonMessages } from '@/i18n/common-messages';
import { isApiError } from '@/lib/api/api-error';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { keepArmAnswer, readKillSwitches } from '@/lib/trading/kill-switches';
import { sayRefusal } from '@/i18n/say-refusal';

const coolOffChoices = [0, 1, 12] as const;
const allAccounts = '';

/** After these failures the switch may or may not be on: read it back rather than guess or resend. */
function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'time_out' || error.kind === 'server_error') return true;
  if (error.code === 'idempotency_in_progress') return true;
  return error.status !== undefined && error.status >= 500;
}

type Outcome =
  | { kind: 'armed'; result: KillSwitchResult }
  | { kind: 'refused'; message: string }
  | { kind: 'lost_armed'; accounts: string[] }
  | { kind: 'lost_not_armed' }
  | { kind: 'lost_unknown' };

type KillSwitchDialogProps = {
  onClose: () => void;
  /** Where the trader pressed it, for the audit trail. */
  source: KillSwitchSource;
};

/**
 * The one confirmation before the kill switch (mounted when the trader opens it): what it will do, which accounts, and when it may be turned
 * off again; then each account's outcome in final terms. One Idempotency-Key per intent: kept while the
 * outcome is unknown (pressing again cannot act twice), renewed once it is known.
 */
export function KillSwitchDialog({ onClose, source }: KillSwitchDialogProps) {
  const intl = useIntl();
  const online = useOnlineStatus();
  const [switches, setSwitches] = useState<KillSwitch[] | null>(null);
  const [account, setAccount] = useState(allAccounts);
  const [coolOffHours, setCoolOffHours] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = useRef(crypto.randomUUID());

  // Mounted when it opens: the accounts to choose from are read once, then.
  useEffect(() => {
    let current = true;
    readKillSwitches(getKillSwitches)
      .then((list) => current && setSwitches(list))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  const targets = (list: readonly KillSwitch[]) => list.filter((entry) => account === allAccounts || entry.account_number === account);

  const handleConfirm = async () => {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const body = { source, cool_off_hours: coolOffHours, ...(account === allAccounts ? {} : { account_number: account }) };
      const result = await armKillSwitch(key.current, body);
      key.current = crypto.randomUUID();
      // The header and the page behind this dialog show the switch on at once; the read brings its cool-off
      // and history, which the answer does not carry.
      keepArmAnswer(result);
      void readKillSwitches(getKillSwitches).catch(() => undefined);
      setOutcome({ kind: 'armed', result });
    } catch (error) {
      if (!outcomeUnknown(error)) {
        key.current = crypto.randomUUID();
        setOutcome({ kind: 'refused', message: isApiError(error) ? sayRefusal(intl, error) : String(error) });
      } else {
        setChecking(true);
        try {
          const armed = targets(await readKillSwitches(getKillSwitches)).filter((entry) => entry.armed);
          setOutcome(armed.length > 0 ? { kind: 'lost_armed', accounts: armed.map((entry) => entry.account_number) } : { kind: 'lost_not_armed' });
        } catch {
          setOutcome({ kind: 'lost_unknown' });
        } finally {
          setChecking(false);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const handleClose = () => {
    if (!busy) onClose();
  };

  if (outcome?.kind === 'armed') {
    return (
      <Modal onClose={handleClose} title={intl.formatMessage(messages.resultTitle)} description={sayServerText(intl, outcome.result.message_i18n, outcome.result.message)} role="alertdialog">
        <div className="flex flex-col gap-4" data-testid="kill-switch-result">
          {outcome.result.accounts.map((result) => (
            <AccountOutcome key={result.account_number} result={result} />
          ))}
          <div className="flex justify-end">
            <Button onClick={onClose} data-autofocus>
              {intl.formatMessage(messages.done)}
            </Button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal onClose={handleClose} title={intl.formatMessage(messages.dialogTitle)} description={intl.formatMessage(messages.dialogDescription)} role="alertdialog" compact>
      <div className="flex flex-col gap-4">
        <SelectField label={intl.formatMessage(messages.which)} value={account} onChange={(event) => setAccount(event.target.value)} disabled={busy}>
          <option value={allAccounts}>{intl.formatMessage(messages.allAccounts)}</option>
          {(switches ?? []).map((entry) => (
            <option key={entry.account_number} value={entry.account_number}>
              {entry.account_number}
            </option>
          ))}
        </SelectField>
        <SelectField label={intl.formatMessage(messages.coolOff)} value={String(coolOffHours)} onChange={(event) => setCoolOffHours(Number(event.target.value))} disabled={busy}>
          {coolOffChoices.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0 ? intl.formatMessage(messages.coolOffNone) : intl.formatMessage(messages.coolOffHours, { hours })}
            </option>
          ))}
        </SelectField>
        {busy && !checking && (
          // The answer comes once every exit has gone out, paced at the broker's rate: say what is under way meanwhile.
          <p role="status" className="text-sm font-medium text-warn">
            {intl.formatMessage(messages.flattening)}
          </p>
        )}
        <LostOutcome outcome={outcome} checking={checking} />
        {!online && (
          <p role="alert" className="text-sm text-loss">
            {intl.formatMessage(messages.offline)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button variant="danger" busy={busy} disabled={!online} onClick={() => void handleConfirm()}>
            {intl.formatMessage(messages.confirm)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function LostOutcome({ outcome, checking }: { outcome: Outcome | null; checking: boolean }) {
  const intl = useIntl();
  if (checking) {
    return (
      <p role="status" className="text-sm font-medium text-warn">
        {intl.formatMessage(messages.checking)}
      </p>
    );
  }
  if (outcome === null || outcome.kind === 'armed') return null;
  const text =
    outcome.kind === 'refused'
      ? outcome.message
      : outcome.kind === 'lost_armed'
        ? intl.formatMessage(messages.lostButArmed, { accounts: outcome.accounts.join(', ') })
        : intl.formatMessage(outcome.kind === 'lost_not_armed' ? messages.lostNotArmed : messages.lostUnknown);
  return (
    <p role="alert" className={`text-sm ${outcome.kind === 'lost_armed' ? 'text-fg' : 'text-loss'}`}>
      {text}
    </p>
  );
}

/** One account: the server's summary, then every cancelled order and every exit with its final state. */
function AccountOutcome({ result }: { result: KillSwitchAccountResult }) {
  const intl = useIntl();
  const { formatContract, formatInr, formatNumber } = useFormat();
  const side = (value: 'BUY' | 'SELL') => intl.formatMessage(value === 'BUY' ? messages.buy : messages.sell);
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-line p-3" aria-label={result.account_number}>
      <h3 className="font-semibold">{result.account_number}</h3>
      <p role="status" className={`text-sm ${result.flat ? 'text-fg' : 'text-loss'}`}>
        {sayServerText(intl, result.message_i18n, result.message)}
      </p>
      {(result.cancelled.length > 0 || result.exits.length > 0) && (
        <ul className="flex flex-col gap-1 text-sm">
          {result.cancelled.map((order) => (
            <li key={order.order_id} className="text-fg-muted">
              {intl.formatMessage(messages.cancelledLine, { side: side(order.transaction_type), quantity: formatNumber(order.quantity), symbol: formatContract(order.tradingsymbol) })}
            </li>
          ))}
          {result.exits.map((order) => (
            <li key={order.order_id} className={order.status === 'COMPLETE' ? 'text-profit' : 'text-loss'}>
              {intl.formatMessage(messages.exitLine, {
                side: side(order.transaction_type),
                quantity: formatNumber(order.quantity),
                symbol: formatContract(order.tradingsymbol),
                status:
                  order.status === 'COMPLETE'
                    ? intl.formatMessage(messages.filledAt, { price: formatInr(order.average_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })
                    : intl.formatMessage(messages.notFilled, { reason: sayServerText(intl, order.status_message_i18n, order.status_message ?? order.status) }),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
