import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * One panel of a screen that fails on its own: a render error inside shows a short notice in its place, and
 * the rest of the screen goes on (the dashboard's tiles each have one).
 */
export class PanelBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A panel failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="flex items-start gap-2 text-sm text-fg-muted">
        <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warn" />
        <FormattedMessage id="panel.failed" defaultMessage="This panel could not be shown. The rest of the screen works." />
      </p>
    );
  }
}
