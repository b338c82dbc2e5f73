import { Component, type ReactNode } from 'react';

type Props = {
  /** What to show on the given attempt: lazy components made anew for each (React.lazy keeps a failure for ever). */
  children: (attempt: number) => ReactNode;
};
type State = { failed: boolean; attempt: number };

/**
 * Parts of the page no screen depends on (the toasts, the update offer) whose files may fail to arrive: offline
 * before the service worker has kept them, a trader going offline at the moment they load. A failure shows nothing
 * in their place, never takes the screen down with it, and they are fetched again once the connection returns.
 */
export class LoadedWhenOnline extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded: tried again when back online', error);
    window.addEventListener('online', this.retry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));

  override render() {
    return this.state.failed ? null : this.props.children(this.state.attempt);
  }
}
