import ClockIcon from '@heroicons/react/24/outline/ClockIcon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ReplayStartDialog } from '@/features/replay/components/replay-start-dialog';
import { replayMessages as m } from '@/features/replay/replay-messages';
import { useOnlineStatus } from '@/lib/network/use-online-status';

/** "Replay a day" on the live desk: the picker of a past day, its start and its speed (issue 39). */
export function ReplayEntry() {
  const intl = useIntl();
  const online = useOnlineStatus();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" disabled={!online} onClick={() => setOpen(true)} className="inline-flex items-center gap-2">
        <ClockIcon aria-hidden="true" className="size-5 text-replay" />
        {intl.formatMessage(m.entry)}
      </Button>
      {open && <ReplayStartDialog onClose={() => setOpen(false)} />}
    </>
  );
}
