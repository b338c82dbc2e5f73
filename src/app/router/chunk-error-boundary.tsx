import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '@/app/router/load-chunk';
import { ChunkErrorPanel } from '@/app/errors/chunk-error-panel';

type Props = { chunk: string; onRetry: () => void; children: ReactNode };
type State = { error: ChunkLoadError | null };

/**
 * Catches a screen chunk that failed to load and offers a retry. Any other error is re-thrown so the
 * router's error screen handles it.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    if (error instanceof ChunkLoadError) return { error };
    throw error;
  }

  private readonly handleRetry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <ChunkErrorPanel chunk={this.state.error.chunk} onRetry={this.handleRetry} />;
    return this.props.children;
  }
}
